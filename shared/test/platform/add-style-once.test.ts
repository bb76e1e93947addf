import { addStyleOnce } from '../../src/dom/add-style-once';

describe('addStyleOnce', () => {
  test('a stylesheet is added once whatever the number of callers, and each id gets its own', () => {
    addStyleOnce('ll-test-a', '.a { color: red; }');
    addStyleOnce('ll-test-a', '.a { color: blue; }');
    addStyleOnce('ll-test-b', '.b { color: green; }');
    const a = document.head.querySelectorAll('style#ll-test-a');
    expect(a).toHaveLength(1);
    expect(a[0].textContent).toBe('.a { color: red; }');
    expect(document.head.querySelectorAll('style#ll-test-b')).toHaveLength(1);
  });
});

/** CSS files are imported as text (webpack asset/source) and added to the page by the area. */
declare module '*.css' {
  const text: string;
  export default text;
}

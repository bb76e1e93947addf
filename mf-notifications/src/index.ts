// Async boundary: Module Federation must negotiate shared singletons before any of them is used.
import('./bootstrap');

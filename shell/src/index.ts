// Async boundary: Module Federation negotiates the shared singletons before the shell uses them.
import('./bootstrap');

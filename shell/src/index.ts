// An async boundary, so that shared singletons are negotiated before React is first imported.
import('./bootstrap');

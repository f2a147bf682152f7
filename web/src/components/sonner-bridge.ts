// What `import ... from 'sonner'` resolves to in the web build (the plugin in web/sonner-bridge-plugin.ts):
// sonner itself, plus the report that it has been loaded, so the toast host mounts its Toaster
// only once some page or form has loaded sonner to raise a toast.
import { markSonnerLoaded } from './sonner-loaded';

export * from 'sonner';

markSonnerLoaded();

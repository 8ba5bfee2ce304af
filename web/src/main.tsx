// Base styles first, so the area style sheets that the app imports (site.css, admin.css) build on them.
import './styles/base.css';
// Before any module that builds a zod schema (see the file).
import './lib/zod-config';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);

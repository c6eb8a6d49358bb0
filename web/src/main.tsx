import { render } from 'preact';
import { App } from './app';
import { registerServiceWorker } from './service-worker';
import './style.css';

render(<App />, document.getElementById('app')!);
registerServiceWorker();

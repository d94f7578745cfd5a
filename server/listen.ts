import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadValidator } from '../src/lib/core/validation/lazy-validator';
import { loadSimFeatures } from '../src/lib/core/world/sim-features';
import { LabApp, type LabAppOptions } from './http-app';

export interface RunningLabServer {
	app: LabApp;
	http: Server;
	/** Closes every session, then the listener (open SSE streams included). */
	close(): Promise<void>;
}

/**
 * Listens first (port 0 picks a free one), then builds the app for the port actually bound: the
 * allowed Host values and every printed URL carry it. The scenario's lazily loaded sim features
 * and the JSON Schema validator (elicitation answers) are loaded before the first request.
 */
export async function startLabServer(
	options: Omit<LabAppOptions, 'port'> & { port: number }
): Promise<RunningLabServer> {
	await Promise.all([loadSimFeatures(options.servers.map((s) => s.sim)), loadValidator()]);
	const http = createServer();
	await new Promise<void>((resolve, reject) => {
		http.once('error', reject);
		http.listen(options.port, options.host, () => {
			http.off('error', reject);
			resolve();
		});
	});
	const { port } = http.address() as AddressInfo;
	const app = new LabApp({ ...options, port });
	http.on('request', app.handle);
	return {
		app,
		http,
		async close() {
			await app.close();
			await new Promise<void>((resolve) => {
				http.close(() => resolve());
				http.closeAllConnections();
			});
		}
	};
}

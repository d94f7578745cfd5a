// See https://svelte.dev/docs/kit/types#app.d.ts
declare global {
	namespace App {
		// interface Error {}
		// interface Locals {}
		// interface PageData {}
		// interface PageState {}
		// interface Platform {}
	}
	interface Window {
		/** Set by static/embed/early-messages.js on /embed/ pages: messages held before start. */
		__mcpLabEarlyMessages?: { take(): MessageEvent[] };
	}
}

export {};

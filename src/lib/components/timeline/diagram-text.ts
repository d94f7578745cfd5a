import type { DiagramText } from '$lib/core/export/world-diagram-svg';
import { processWord } from '$lib/i18n/process-word';
import { m } from '$lib/paraglide/messages';

/** The diagram's words in the current language. */
export function diagramText(lab: string, ms: number): DiagramText {
	return {
		title: m.diagram_title({ lab, ms }),
		harness: m.diagram_harness(),
		servers: m.servers_title(),
		registry: (n) => m.diagram_registry({ n }),
		noRegistry: m.registry_none(),
		noServers: m.servers_empty(),
		emptyRegistry: m.registry_empty(),
		link: (transport, state) => m.diagram_link({ transport, state }),
		process: (state) => m.diagram_process({ state: processWord(state) }),
		more: (count) => m.servers_more({ count }),
		legendConnected: m.diagram_legend_connected(),
		legendNotConnected: m.diagram_legend_not_connected(),
		legendAvailable: m.diagram_legend_available(),
		legendUnavailable: m.registry_unavailable()
	};
}

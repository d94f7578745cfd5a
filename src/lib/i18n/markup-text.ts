import { parse } from 'svelte/compiler';

// Words typed straight into a component's markup, which no language switch reaches. The e2e
// tests look for English left on a Chinese page only in the states they play; this reads every
// component, whatever state shows it. Only for tests (svelte/compiler is not in any page).

/** Attributes a reader hears or sees: a static value in one of them is UI text too. */
const READ_ATTRIBUTES = new Set([
	'aria-label',
	'aria-description',
	'aria-roledescription',
	'aria-valuetext',
	'aria-placeholder',
	'title',
	'placeholder',
	'alt'
]);

/**
 * Props whose static values are names, not words: ids, test ids, classes, and `secret`, the kind
 * of value Bounded masks. Any other prop given a static word (`label="Save"`) is UI text a
 * component will show or say.
 */
const NAME_PROPS = new Set(['id', 'testid', 'class', 'errorId', 'describedby', 'secret']);

/** Elements whose text is code or input, the same in every language. */
const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'style', 'script']);

/** Two letters of any script: a word, Latin or Chinese. Punctuation, digits and arrows are not. */
const WORDY = /\p{L}.*\p{L}/su;

export interface MarkupText {
	/** `text` for a text node, else the attribute's name (`<Component> prop` for a prop). */
	where: string;
	text: string;
}

type Node = { type?: string; name?: string; data?: string; [key: string]: unknown };

/** Every static word a component's markup shows or says, outside code elements. */
export function markupText(source: string): MarkupText[] {
	const found: MarkupText[] = [];
	const visit = (value: unknown, inCode: boolean): void => {
		if (!value || typeof value !== 'object') return;
		if (Array.isArray(value)) return value.forEach((item) => visit(item, inCode));
		const node = value as Node;
		if (node.type === 'Text' && !inCode && WORDY.test(node.data ?? ''))
			found.push({ where: 'text', text: (node.data ?? '').trim() });
		const element = node.type === 'RegularElement' || node.type === 'SvelteElement';
		const code = inCode || (element && CODE_ELEMENTS.has(node.name ?? ''));
		const component = node.type === 'Component' || node.type === 'SvelteComponent';
		for (const attribute of (node.attributes as Node[] | undefined) ?? []) {
			const name = attribute.name ?? '';
			const read = component ? !NAME_PROPS.has(name) : READ_ATTRIBUTES.has(name);
			if (attribute.type !== 'Attribute' || !read) continue;
			const parts = Array.isArray(attribute.value) ? (attribute.value as Node[]) : [];
			const where = component ? `<${node.name}> ${name}` : name;
			for (const part of parts)
				if (part.type === 'Text' && WORDY.test(part.data ?? ''))
					found.push({ where, text: (part.data ?? '').trim() });
		}
		// Attribute values are read above; expressions and the parser's back links hold no markup.
		for (const [key, child] of Object.entries(node))
			if (key !== 'attributes' && key !== 'parent' && key !== 'expression' && key !== 'metadata')
				visit(child, code);
	};
	visit(parse(source, { modern: true }).fragment, false);
	return found;
}

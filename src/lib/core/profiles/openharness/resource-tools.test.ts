import { describe, expect, it } from 'vitest';
import { buildInputModel, validateInput } from './input-model';
import {
	listResources,
	listResourcesOutput,
	readResourceOutput,
	resourceTools
} from './resource-tools';

const resource = (uri: string, description = '', name = uri) => ({ uri, name, description });

describe('list_mcp_resources', () => {
	it('says (no MCP resources) when no status holds any', () => {
		expect(listResourcesOutput(listResources([]))).toBe('(no MCP resources)');
		expect(listResourcesOutput(listResources([{ server: 'a', resources: [] }]))).toBe(
			'(no MCP resources)'
		);
	});

	it('lists servers in sorted name order (code points), each resource on its line', () => {
		const listed = listResources([
			{ server: 'b', resources: [resource('b://1', 'One'), resource('b://2', 'Two')] },
			{ server: 'B', resources: [resource('B://x', 'Upper')] },
			{ server: 'a', resources: [resource('a://1', 'First')] }
		]);
		expect(listed.map((r) => r.server)).toEqual(['B', 'a', 'b', 'b']);
		expect(listResourcesOutput(listed)).toBe(
			['B:B://x Upper', 'a:a://1 First', 'b:b://1 One', 'b:b://2 Two'].join('\n')
		);
	});

	it('strips each line as Python does: no trailing space without a description', () => {
		const listed = listResources([
			{
				server: 's',
				resources: [
					resource('s://plain'),
					resource('s://spaced', '  padded \x1f'),
					resource('s://bom', '\ufeff')
				]
			}
		]);
		// Python's strip() removes \x1f but not a BOM, unlike JavaScript's trim().
		expect(listResourcesOutput(listed)).toBe(
			's:s://plain\ns:s://spaced   padded\ns:s://bom \ufeff'
		);
	});
});

describe('read_mcp_resource', () => {
	it('joins text items and base64 blobs as they are, then strips', () => {
		expect(
			readResourceOutput({
				contents: [{ text: '\n  # Title' }, { blob: 'iVBORw0KGgo=' }, { text: 'end \n' }]
			})
		).toBe('# Title\niVBORw0KGgo=\nend');
		expect(readResourceOutput({ contents: [] })).toBe('');
		expect(readResourceOutput({ contents: [{ text: '' }] })).toBe('');
	});

	it('validates with ReadMcpResourceToolInput: both fields required strings', () => {
		const [, read] = resourceTools();
		const model = buildInputModel(read.inputSchema);
		expect(model.fields).toEqual([
			{ name: 'server', type: 'str', required: true },
			{ name: 'uri', type: 'str', required: true }
		]);
		// The schema's title is the model's class name: the call machine passes it on.
		const validation = validateInput(
			model,
			read.name,
			{ server: 'docs' },
			'ReadMcpResourceToolInput'
		);
		expect(validation.ok === false && validation.error).toBe(
			'Invalid input for read_mcp_resource: 1 validation error for ReadMcpResourceToolInput\n' +
				'uri\n' +
				"  Field required [type=missing, input_value={'server': 'docs'}, input_type=dict]\n" +
				'    For further information visit https://errors.pydantic.dev/2.13/v/missing'
		);
		expect(resourceTools().map((t) => t.inputSchema.title)).toEqual([
			'ListMcpResourcesToolInput',
			'ReadMcpResourceToolInput'
		]);
	});

	it('is a fresh registration each time, so a caller cannot change the next registry', () => {
		const first = resourceTools();
		(first[1].inputSchema.required as string[]).push('x');
		expect(resourceTools()[1].inputSchema.required).toEqual(['server', 'uri']);
	});
});

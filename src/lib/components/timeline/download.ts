/** Saves text as a JSON file through the browser's download (nothing leaves the page). */
export function downloadJson(filename: string, text: string): void {
	const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
	const link = document.createElement('a');
	link.href = url;
	link.download = filename;
	link.click();
	// Revoked on the next task: the click has handed the URL to the download by then.
	setTimeout(() => URL.revokeObjectURL(url), 0);
}

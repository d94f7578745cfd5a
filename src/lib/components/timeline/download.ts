/** Saves text as a file through the browser's download (nothing leaves the page). */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
	const url = URL.createObjectURL(new Blob([text], { type }));
	const link = document.createElement('a');
	link.href = url;
	link.download = filename;
	link.click();
	// Revoked on the next task: the click has handed the URL to the download by then.
	setTimeout(() => URL.revokeObjectURL(url), 0);
}

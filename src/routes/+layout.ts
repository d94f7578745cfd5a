// A static site: every page is prerendered; the world runs in the browser.
export const prerender = true;
export const trailingSlash = 'never';

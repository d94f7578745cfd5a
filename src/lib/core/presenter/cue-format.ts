// What a cue file and the presenter channel agree on. No imports: the cue file's parser loads
// on its own, and everything it imports would otherwise be split off the page's start-up code.

export const CUE_FILE_FORMAT = 'mcp-lab-cues';

/** A cue's own note (a cue file's) is cut to this. */
export const MAX_NOTE = 2000;

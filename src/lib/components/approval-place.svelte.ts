/**
 * Where the next approval card should bring the reader. At 150 % (a projector) the card for a
 * call made from the form opened below the window's edge and the room saw nothing happen; a
 * call stepped into approval took the focus off the vanished Next stage button onto the panel.
 * `focus`: the card's question takes the focus (not a button: the Enter that stepped the call
 * must not be followed by one that approves it unread).
 */
export const approvalPlace = $state<{ id: string | null; focus: boolean }>({
	id: null,
	focus: false
});

export function showApproval(id: string, focus: boolean): void {
	approvalPlace.id = id;
	approvalPlace.focus = focus;
}

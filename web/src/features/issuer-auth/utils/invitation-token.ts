/** The invitation link's token, from its fragment (`#token=…`), or null when the link lost it. */
export function invitationTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() ? token.trim() : null;
}

/** What the page says when the invitation cannot be used: the link's fault, or its time is over, or it was used. */
export type InvitationProblem = 'incomplete' | 'gone' | 'accountExists';

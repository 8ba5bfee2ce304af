import type { AppConfig } from '../../config/env';

/** The customer messaging service the contact form feeds (Intercom), behind a small interface. */
export interface MessagingService {
  /** Opens a conversation for the submission and returns its id; throws when it could not. */
  forward(submission: ForwardedSubmission): Promise<{ conversationId: string }>;
}

export interface ForwardedSubmission {
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  inquiryType: string;
  message: string;
}

/** The whole forward (find or create the lead, then open the conversation) must finish within this. */
export const FORWARD_TIMEOUT_MS = 5000;

export class ForwardError extends Error {}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function conversationBody(s: ForwardedSubmission): string {
  const lines = [
    `<p><b>Website contact form</b> (${escapeHtml(s.inquiryType)})</p>`,
    s.company ? `<p>Company: ${escapeHtml(s.company)}</p>` : '',
    s.phone ? `<p>Phone: ${escapeHtml(s.phone)}</p>` : '',
    `<p>${escapeHtml(s.message).replace(/\n/g, '<br>')}</p>`,
  ];
  return lines.filter(Boolean).join('');
}

/** Intercom's REST API: search the contact by e-mail, create a lead if none, then a conversation from it. */
export function intercomMessagingService(
  config: Pick<AppConfig, 'INTERCOM_ACCESS_TOKEN' | 'INTERCOM_API_URL'>,
): MessagingService | null {
  const token = config.INTERCOM_ACCESS_TOKEN;
  if (!token) return null;
  const base = config.INTERCOM_API_URL.replace(/\/+$/, '');

  async function call(path: string, body: unknown, signal: AbortSignal): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Intercom-Version': '2.11',
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `timed out after ${FORWARD_TIMEOUT_MS} ms`
          : String(error);
      throw new ForwardError(`POST ${path}: ${reason}`);
    }
    const text = await response.text();
    if (!response.ok) throw new ForwardError(`POST ${path}: HTTP ${response.status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ForwardError(`POST ${path}: answer is not JSON`);
    }
  }

  return {
    async forward(submission) {
      const signal = AbortSignal.timeout(FORWARD_TIMEOUT_MS);
      const found = await call(
        '/contacts/search',
        { query: { field: 'email', operator: '=', value: submission.email } },
        signal,
      );
      const existing = Array.isArray(found.data) ? (found.data[0] as { id?: unknown } | undefined) : undefined;
      let contactId = typeof existing?.id === 'string' ? existing.id : undefined;
      if (!contactId) {
        const created = await call(
          '/contacts',
          {
            role: 'lead',
            email: submission.email,
            name: submission.name,
            ...(submission.phone ? { phone: submission.phone } : {}),
          },
          signal,
        );
        if (typeof created.id !== 'string') throw new ForwardError('POST /contacts: no contact id in the answer');
        contactId = created.id;
      }
      const conversation = await call(
        '/conversations',
        { from: { type: 'lead', id: contactId }, body: conversationBody(submission) },
        signal,
      );
      const id = conversation.conversation_id ?? conversation.id;
      if (typeof id !== 'string' && typeof id !== 'number')
        throw new ForwardError('POST /conversations: no conversation id in the answer');
      return { conversationId: String(id) };
    },
  };
}

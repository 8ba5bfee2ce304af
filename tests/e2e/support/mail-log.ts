import { expect, type APIRequestContext } from '@playwright/test';
import { adminToken } from './admin-helpers';

/**
 * The link in the last e-mail of `kind` to `email`, once the server's sweep (every 15 s) has kept it in the
 * mail log, read as the SUPER_ADMIN reads it there. `link` matches the link in the text.
 */
export async function linkInMail(
  request: APIRequestContext,
  mail: { kind: string; email: string; link: RegExp },
): Promise<string> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/admin/outbox?kind=${mail.kind}&search=${mail.email}`, { headers });
        const row = (await list.json()).data.emails[0] as { id: string; status: string } | undefined;
        id = row?.id;
        return row?.status;
      },
      { timeout: 45_000, intervals: [1000] },
    )
    .toBe('LOGGED');
  const text = (await (await request.get(`/api/admin/outbox/${id}`, { headers })).json()).data.text as string;
  const link = mail.link.exec(text)?.[0];
  expect(link, text).toBeDefined();
  return link!;
}

import { Hono, type Context } from 'hono';
import {
  PAPER_ADVICE_MESSAGES as M,
  markMailedResponseSchema,
  markMailedSchema,
  paperAdvicesQuerySchema,
  paperAdvicesResponseSchema,
} from '@ledgerwell/shared/paper-advices';
import type { AppDeps, AppEnv } from '../../lib/context';
import { downloadHeaders } from '../../lib/download-headers';
import { notFound } from '../../lib/errors';
import { documented } from '../../lib/openapi';
import { parseJson, parseQuery } from '../../lib/validate';
import { requireRole } from '../../identity/middleware';
import { recordActivity, type Actor } from '../activity/record-activity';
import { listPaperAdvices } from './list-paper-advices';
import { markAdvicesMailed } from './mark-mailed';
import { paperAdvicePdf } from './paper-advice-pdf';

const actor = (c: Context<AppEnv>): Actor => {
  const { profile } = c.get('admin');
  return { id: profile.id, username: profile.username };
};

/**
 * The paper-advice queue (decision 022), under /api/admin. The staff who work requests (REVIEWER and up) list,
 * print and mark; READ_ONLY sees none of it: the list is holders' names and home addresses, for mailing.
 */
export function paperAdviceRoutes(deps: AppDeps) {
  const staff = requireRole('REVIEWER');
  return new Hono<AppEnv>()
    .get(
      '/paper-advices',
      documented({
        tag: 'Paper advices',
        auth: 'admin',
        summary: 'Paper transaction advices: pending (oldest first) or mailed (newest first), REVIEWER and up',
        query: paperAdvicesQuerySchema,
        responses: { 200: paperAdvicesResponseSchema },
      }),
      staff,
      async (c) =>
        c.json({ success: true, data: await listPaperAdvices(deps, parseQuery(c, paperAdvicesQuerySchema)) }),
    )
    .get(
      '/paper-advices/:id/pdf',
      documented({
        tag: 'Paper advices',
        auth: 'admin',
        summary: 'A paper advice as the PDF its holder would read in the portal, to print (REVIEWER and up)',
        responses: { 200: { media: 'application/pdf', description: 'The advice as a tagged PDF' } },
        errors: [404],
      }),
      staff,
      async (c) => {
        const id = c.req.param('id');
        const advice = await paperAdvicePdf(deps, id);
        if (!advice) throw notFound(M.notFound);
        await recordActivity(deps.db, {
          actor: actor(c),
          action: 'PAPER_ADVICE_DOWNLOADED',
          resourceType: 'shareholder',
          resourceId: advice.shareholderId,
          details: { document: id, accountId: advice.accountId },
          meta: c.get('meta'),
        });
        return c.body(new Uint8Array(advice.pdf), 200, downloadHeaders('application/pdf', advice.fileName));
      },
    )
    .post(
      '/paper-advices/mailed',
      documented({
        tag: 'Paper advices',
        auth: 'admin',
        summary:
          'Record paper advices as mailed, all or none: 409 names each one already mailed or not a paper advice (REVIEWER and up)',
        body: markMailedSchema,
        responses: { 200: markMailedResponseSchema },
        errors: [409],
      }),
      staff,
      async (c) => {
        const data = await markAdvicesMailed(deps, actor(c), await parseJson(c, markMailedSchema), c.get('meta'));
        return c.json({ success: true, message: M.marked(data.mailed), data });
      },
    );
}

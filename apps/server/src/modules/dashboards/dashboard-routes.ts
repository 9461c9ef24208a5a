import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../http/route';
import { magazine, news } from './content-queries';
import { inviteDashboard, recordInviteOpen } from './invite-service';
import { planDashboard } from './plan-queries';
import { salesDashboard } from './sales-queries';
import { teamDashboard } from './team-queries';

/** A dashboard of a year reads tens of thousands of entries: far above a person's clicking, far below a script's. */
const DASHBOARD_RATE_LIMIT = 60;
/** One open per page view of the invite link, per address (many phones may share one behind a carrier's NAT). */
const INVITE_OPEN_RATE_LIMIT = 30;

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const limit = { rateLimit: DASHBOARD_RATE_LIMIT };
  defineCall(
    app,
    'dashboardEcommerce',
    async ({ agentId, input }) => salesDashboard(app.db, agentId, input),
    limit,
  );
  defineCall(
    app,
    'dashboardWebAnalytics',
    async ({ agentId, input }) => inviteDashboard(app.db, agentId, input),
    limit,
  );
  defineCall(
    app,
    'dashboardAgency',
    async ({ agentId, input }) => teamDashboard(app.db, agentId, input),
    limit,
  );
  defineCall(
    app,
    'dashboardSaas',
    async ({ agentId, input }) => planDashboard(app.db, agentId, input),
    limit,
  );
  defineCall(
    app,
    'dashboardMagazine',
    async ({ input, request }) => magazine(app.db, input, request.locale),
    limit,
  );
  defineCall(
    app,
    'dashboardNews',
    async ({ agentId, input, request }) => news(app.db, agentId, input, request.locale),
    limit,
  );
  defineCall(app, 'inviteOpen', async ({ input }) => recordInviteOpen(app.db, input), {
    rateLimit: INVITE_OPEN_RATE_LIMIT,
  });
}

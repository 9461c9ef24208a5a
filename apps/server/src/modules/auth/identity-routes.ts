import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo } from '../../http/client-info';
import { publicUrlOf } from '../../http/public-url';
import { defineCall } from '../../http/route';
import { registerAgent } from './registration-service';
import { agentCard, bindToAgent, unbindFromAgent } from '../players/bind-service';
import { playerByMobile, playerCard } from '../players/player-service';
import { issueCaptcha } from './captcha-service';
import { loginWithTicketAndBind } from './login-service';
import { verifyMobile } from './mobile-service';
import { changePassword, DEVICE_HEADER, loginWithPassword, resetPassword } from './password-service';
import { loginWithUnionId, wechatAuthorizeUrl, wechatUnionId } from './wechat-service';

/** Every way into the product beyond the game ticket: password, WeChat, SMS, registration, bind. */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const loginDeps = (request: FastifyRequest) => ({
    db: app.db,
    sessionTtlHours: app.config.sessionTtlHours,
    publicUrl: publicUrlOf(request),
    client: clientInfo(request),
  });
  const captchaDeps = { db: app.db, sms: app.platform.sms, secret: app.config.appSecret };

  // A password sign-in that makes this browser a trusted device answers the device's token in a header.
  const issuedDevices = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, reply) => {
    const device = issuedDevices.get(request);
    if (device) reply.header(DEVICE_HEADER, device).header('cache-control', 'no-store');
  });
  defineCall(
    app,
    'loginById',
    async ({ input, request }) => {
      const presented = request.headers[DEVICE_HEADER];
      const { device, ...result } = await loginWithPassword(
        loginDeps(request),
        input.agentId,
        input.password,
        {
          address: request.ip,
          device: typeof presented === 'string' ? presented : undefined,
        },
      );
      if (device) issuedDevices.set(request, device);
      return result;
    },
    { rateLimit: 20 },
  );
  defineCall(
    app,
    'changePassword',
    async ({ input, session, agentId }) => changePassword(app.db, { ...session, agentId }, input),
    {
      rateLimit: 10,
    },
  );
  defineCall(app, 'resetPassword', async ({ input }) => resetPassword(captchaDeps, input), { rateLimit: 10 });

  defineCall(
    app,
    'getCode',
    async ({ input, request }) => wechatAuthorizeUrl(app.config, input, publicUrlOf(request)),
    {
      rateLimit: 30,
    },
  );
  defineCall(app, 'getUnionId', async ({ input }) => wechatUnionId(app.config, input), { rateLimit: 30 });
  defineCall(
    app,
    'loginByUnionId',
    async ({ input, request }) => loginWithUnionId(loginDeps(request), app.config.appSecret, input),
    {
      rateLimit: 30,
    },
  );

  defineCall(
    app,
    'playerBindLogin',
    async ({ input, request }) => loginWithTicketAndBind(loginDeps(request), input.token, input.agentId),
    { rateLimit: 30 },
  );

  defineCall(app, 'agentCard', async ({ input }) => agentCard(app.db, input.agentId), { rateLimit: 60 });
  defineCall(
    app,
    'bind',
    async ({ input, session }) => ({ player: await bindToAgent(app.db, session.playerId, input.agentId) }),
    {
      rateLimit: 30,
    },
  );
  defineCall(
    app,
    'unbind',
    async ({ session }) => ({ player: await unbindFromAgent(app.db, session.playerId) }),
    {
      rateLimit: 30,
    },
  );

  defineCall(
    app,
    'registerCaptcha',
    async ({ input }) => issueCaptcha(captchaDeps, input.mobile, 'register'),
    { rateLimit: 10 },
  );
  defineCall(app, 'getCaptcha', async ({ input }) => issueCaptcha(captchaDeps, input.mobile, input.purpose), {
    rateLimit: 10,
  });

  defineCall(app, 'validatePlayer', async ({ input }) => playerCard(app.db, input.playerId), {
    rateLimit: 30,
  });
  defineCall(
    app,
    'register',
    async ({ input, session, request }) =>
      registerAgent({ ...loginDeps(request), secret: app.config.appSecret }, session, input),
    { rateLimit: 10 },
  );

  // Tight: each answer tells whether a number belongs to the caller's own players.
  defineCall(
    app,
    'getUserByMobile',
    async ({ input, session }) => playerByMobile(app.db, session, input.mobile),
    { rateLimit: 10 },
  );
  defineCall(
    app,
    'telVerify',
    async ({ input, session }) => verifyMobile(captchaDeps, session.playerId, input.mobile, input.code),
    { rateLimit: 10 },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineCall } from '../../http/route';
import type { AuditActor } from '../audit/audit-service';
import {
  deleteCategory,
  listAdminCategories,
  listAdminGoods,
  reorderCategories,
  reorderGoods,
  saveCategory,
  saveGoods,
  setGoodsActive,
} from './catalog-service';
import { listOrders, orderDetail, releaseHeldOrder } from './order-admin-service';
import { readSettings, settingsHistory, updateSettings } from './settings-service';

const actorOf = (operator: { operatorId: number; name: string }, request: FastifyRequest): AuditActor => ({
  operatorId: operator.operatorId,
  operatorName: operator.name,
  address: request.ip,
});

/** The console's settings, goods and categories, and orders (decision 018). */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  defineCall(app, 'adminOptionsGet', async () => readSettings(app.db));
  defineCall(app, 'adminOptionsUpdate', async ({ operator, request, input }) =>
    updateSettings(app.db, actorOf(operator, request), input.changes, input.reason),
  );
  defineCall(app, 'adminOptionsHistory', async ({ input }) => settingsHistory(app.db, input));

  defineCall(app, 'adminCategoryList', async () => listAdminCategories(app.db));
  defineCall(app, 'adminCategorySave', async ({ operator, request, input }) =>
    saveCategory(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminCategoryReorder', async ({ operator, request, input }) =>
    reorderCategories(app.db, actorOf(operator, request), input.ids),
  );
  defineCall(app, 'adminCategoryDelete', async ({ operator, request, input }) =>
    deleteCategory(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminGoodsList', async ({ input }) => listAdminGoods(app.db, input));
  defineCall(app, 'adminGoodsSave', async ({ operator, request, input }) =>
    saveGoods(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminGoodsSetActive', async ({ operator, request, input }) =>
    setGoodsActive(app.db, actorOf(operator, request), input),
  );
  defineCall(app, 'adminGoodsReorder', async ({ operator, request, input }) =>
    reorderGoods(app.db, actorOf(operator, request), input),
  );

  defineCall(app, 'adminOrderList', async ({ input }) => listOrders(app.db, input));
  defineCall(app, 'adminOrderDetail', async ({ input }) => orderDetail(app.db, input.orderId));
  defineCall(app, 'adminOrderRelease', async ({ operator, request, input }) =>
    releaseHeldOrder(app.db, actorOf(operator, request), input),
  );
}

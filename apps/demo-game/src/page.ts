/**
 * The demo game's one page, self-contained (no external asset): its players' diamonds and the events received, read
 * again from GET /state every 2 seconds. Every value goes in as text, never as markup.
 */
export const demoPage = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>演示游戏 · Demo game</title>
<style>
  body { font: 14px/1.5 system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; margin: 0; padding: 16px; color: #1f2933; background: #f5f7fa; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  small, .en { color: #7b8794; font-weight: normal; }
  .summary { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
  .summary span { background: #fff; border: 1px solid #e4e7eb; border-radius: 6px; padding: 4px 10px; }
  .table { overflow-x: auto; background: #fff; border: 1px solid #e4e7eb; border-radius: 6px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid #f0f2f5; white-space: nowrap; }
  th { font-size: 12px; color: #52606d; }
  td.num { text-align: right; font-variant-numeric: tabular-nums; }
  .plus { color: #1b7f3b; } .minus { color: #c62828; } .warn { color: #b25e09; }
  .empty { color: #9aa5b1; padding: 12px 10px; }
  code { font-size: 12px; }
</style>
</head>
<body>
<h1>演示游戏 <small>Demo game</small></h1>
<div>接收地址 <span class="en">Webhook endpoint</span>: <code id="endpoint"></code></div>
<div class="summary" id="summary"></div>
<h2>玩家 <small>Players</small></h2>
<div class="table"><table>
  <thead><tr><th>玩家 ID<br><small>Player</small></th><th>钻石<br><small>Diamonds</small></th><th>最新序号<br><small>Last sequence</small></th><th>状态<br><small>Status</small></th></tr></thead>
  <tbody id="players"></tbody>
</table></div>
<h2>收到的事件 <small>Events received (latest 200)</small></h2>
<div class="table"><table>
  <thead><tr><th>收到时间<br><small>Received</small></th><th>类型<br><small>Type</small></th><th>玩家<br><small>Player</small></th><th>钻石<br><small>Diamonds</small></th><th>序号<br><small>Sequence</small></th><th>来源<br><small>Source</small></th><th>投递次数<br><small>Deliveries</small></th><th>渠道<br><small>Via</small></th><th>事件 ID<br><small>Event id</small></th></tr></thead>
  <tbody id="events"></tbody>
</table></div>
<script>
  document.getElementById('endpoint').textContent = new URL('webhooks', location.href).href;
  function cell(text, className) {
    const td = document.createElement('td');
    td.textContent = text === null || text === undefined ? '—' : String(text);
    if (className) td.className = className;
    return td;
  }
  function signed(n) { return n === null ? null : (n > 0 ? '+' : '') + n; }
  function rows(tbody, items, columns, emptyText) {
    tbody.replaceChildren();
    if (items.length === 0) {
      const tr = document.createElement('tr');
      tr.append(cell(emptyText, 'empty'));
      tr.firstChild.colSpan = 99;
      tbody.append(tr);
      return;
    }
    for (const item of items) {
      const tr = document.createElement('tr');
      tr.append(...columns(item));
      tbody.append(tr);
    }
  }
  function badge(label, value) {
    const span = document.createElement('span');
    span.textContent = label + ': ' + value;
    return span;
  }
  async function refresh() {
    try {
      const state = await (await fetch('state', { cache: 'no-store' })).json();
      const summary = [
        badge('已入账 Applied', state.counts.applied),
        badge('重复 Duplicates', state.counts.duplicates),
        badge('已拒绝 Rejected', state.counts.rejected),
      ];
      if (state.lastRejection) summary.push(badge('最近拒绝 Last rejection', state.lastRejection.reason));
      if (state.feed) summary.push(badge('拉取 Feed', state.feed.error ? '错误 error: ' + state.feed.error : (state.feed.cursor || '—')));
      document.getElementById('summary').replaceChildren(...summary);
      rows(document.getElementById('players'), state.players, (p) => [
        cell(p.playerId),
        cell(p.diamonds, 'num'),
        cell(p.lastSequence, 'num'),
        p.missing > 0 ? cell('等待 ' + p.missing + ' 个更早的事件 · awaiting ' + p.missing + ' earlier', 'warn') : cell('完整 · complete'),
      ], '暂无玩家 · No player yet: the first delivery adds one');
      rows(document.getElementById('events'), state.events, (e) => [
        cell(new Date(e.receivedAt).toLocaleTimeString()),
        cell(e.type),
        cell(e.playerId),
        cell(signed(e.diamonds), 'num ' + (e.diamonds > 0 ? 'plus' : e.diamonds < 0 ? 'minus' : '')),
        cell(e.sequence, 'num'),
        cell(e.source),
        cell(e.deliveries, e.deliveries > 1 ? 'num warn' : 'num'),
        cell(e.via === 'feed' ? '拉取 feed' : '推送 webhook'),
        cell(e.id),
      ], '暂无事件 · No event yet');
    } catch (error) {
      document.getElementById('summary').replaceChildren(badge('连接失败 Unreachable', error.message));
    }
  }
  refresh();
  setInterval(refresh, 2000);
</script>
</body>
</html>
`;

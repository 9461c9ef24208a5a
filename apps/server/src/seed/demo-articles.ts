/**
 * The demo platform's articles. Content is plain text with blank lines between paragraphs; Chinese in the row, an
 * English version beside it (other languages read the Chinese one until the operator writes theirs).
 */
export const DEMO_ARTICLES = [
  {
    slug: 'platform-index',
    title: '推广员平台',
    content:
      '欢迎来到推广员平台。\n\n在这里，您可以为玩家充值钻石、发展下级推广员、设置下级价格，并随时查看收益与流水。\n\n收益可申请提现，也可兑换为钻石。',
    translations: {
      en: {
        title: 'Promoter platform',
        content:
          'Welcome to the promoter platform.\n\nHere you recharge diamonds for players, grow your team of sub-agents, set their prices, and follow your profit and records at any time.\n\nProfit can be withdrawn, or exchanged for diamonds.',
      },
    },
  },
  {
    slug: 'help',
    title: '帮助中心',
    content:
      '如何为玩家充值？\n进入"为玩家充值"，输入玩家ID或手机号，选择数量并确认。\n\n如何提现？\n进入"提现"，填写金额与收款账户，提交后等待平台审核。被驳回的提现会退回余额。\n\n如需帮助，请联系您的上级推广员或平台客服。',
    translations: {
      en: {
        title: 'Help center',
        content:
          'How do I recharge a player?\nOpen "Recharge for players", enter the player ID or mobile number, choose the amount and confirm.\n\nHow do I withdraw?\nOpen "Withdraw", enter the amount and the receiving account, and wait for the platform to review it. A rejected withdrawal goes back to your balance.\n\nFor help, contact your upline promoter or the platform\'s support.',
      },
    },
  },
  {
    slug: 'agent-desc',
    title: '推广员说明',
    content:
      '推广员分为钻石、黄金、白银三个等级。\n\n上级可为下级设置拿货价，价格介于上级价格与零售价之间；下级购钻时，上级获得差价收益。\n\n绑定您的玩家在商城购钻时，您按等级获得提成。',
    translations: {
      en: {
        title: 'About promoters',
        content:
          "Promoters have three levels: diamond, gold and silver.\n\nAn upline may set a sub-agent's price between its own price and the retail price; when the sub-agent buys diamonds, the upline earns the difference.\n\nWhen players bound to you buy diamonds in the shop, you earn a commission by your level.",
      },
    },
  },
  {
    slug: 'agent-recruit',
    title: '招募推广员',
    content:
      '成为推广员，轻松赚取收益！\n\n1. 通过推广员的邀请链接注册；\n2. 验证手机号并设置密码；\n3. 立即开始为玩家充值并发展团队。',
    translations: {
      en: {
        title: 'Become a promoter',
        content:
          "Become a promoter and start earning!\n\n1. Register through a promoter's invite link;\n2. Verify your mobile number and set a password;\n3. Start recharging players and building your team right away.",
      },
    },
  },
];

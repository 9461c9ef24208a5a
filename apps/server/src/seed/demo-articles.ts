import type { TitledText, TranslationLocale } from '@promoter/contract';

/**
 * A demo article: its Chinese text in the row's own columns (every language's fallback) and a version in each of the
 * product's 11 other languages, so no reader of the demo meets the Chinese text (test/unit/demo-content.test.ts).
 * The texts name the app's screens as each language's menu names them (`nav.userRecharge`, `nav.withdraw`).
 */
export interface DemoArticle extends TitledText {
  slug: string;
  translations: Record<TranslationLocale, TitledText>;
}

/** The demo platform's articles. Content is plain text with blank lines between paragraphs. */
export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'platform-index',
    title: '推广员平台',
    content:
      '欢迎来到推广员平台。\n\n在这里，您可以为玩家充值钻石、发展下级推广员、设置下级价格，并随时查看收益与流水。\n\n收益可申请提现，也可兑换为钻石。',
    translations: {
      en: {
        title: 'Promoter platform',
        content:
          'Welcome to the promoter platform.\n\nHere you recharge diamonds for players, grow your team of sub-promoters, set their prices, and follow your profit and money flow at any time.\n\nProfit can be withdrawn, or exchanged for diamonds.',
      },
      fr: {
        title: 'Plateforme des promoteurs',
        content:
          'Bienvenue sur la plateforme des promoteurs.\n\nIci, vous rechargez des diamants pour vos joueurs, développez votre équipe de sous-promoteurs, fixez leurs prix et suivez à tout moment vos gains et vos flux financiers.\n\nVos gains peuvent être retirés ou convertis en diamants.',
      },
      he: {
        title: 'פלטפורמת המקדמים',
        content:
          'ברוכים הבאים לפלטפורמת המקדמים.\n\nכאן תוכלו לטעון יהלומים לשחקנים, להרחיב את צוות מקדמי המשנה שלכם, לקבוע את המחירים שלהם ולעקוב בכל עת אחר הרווחים ותנועות הכספים.\n\nאת הרווחים אפשר למשוך או להמיר ליהלומים.',
      },
      ru: {
        title: 'Платформа промоутеров',
        content:
          'Добро пожаловать на платформу промоутеров.\n\nЗдесь вы пополняете алмазы игрокам, развиваете команду субпромоутеров, устанавливаете для них цены и в любой момент следите за доходом и движением средств.\n\nДоход можно вывести или обменять на алмазы.',
      },
      ar: {
        title: 'منصة المروّجين',
        content:
          'مرحبًا بك في منصة المروّجين.\n\nهنا يمكنك شحن الماس للاعبين، وتنمية فريقك من المروّجين التابعين، وتحديد أسعارهم، ومتابعة أرباحك وحركة أموالك في أي وقت.\n\nيمكنك سحب أرباحك أو تحويلها إلى ماس.',
      },
      ge: {
        title: 'Promoter-Plattform',
        content:
          'Willkommen auf der Promoter-Plattform.\n\nHier laden Sie Diamanten für Spieler auf, bauen Ihr Team aus Unter-Promotern auf, legen deren Preise fest und behalten Ihren Gewinn und Ihren Geldfluss jederzeit im Blick.\n\nIhren Gewinn können Sie sich auszahlen lassen oder in Diamanten tauschen.',
      },
      sp: {
        title: 'Plataforma de promotores',
        content:
          'Te damos la bienvenida a la plataforma de promotores.\n\nAquí puedes recargar diamantes a tus jugadores, hacer crecer tu equipo de subpromotores, fijar sus precios y consultar en cualquier momento tus ganancias y tus movimientos de fondos.\n\nPuedes retirar tus ganancias o canjearlas por diamantes.',
      },
      ja: {
        title: 'プロモータープラットフォーム',
        content:
          'プロモータープラットフォームへようこそ。\n\nここでは、プレイヤーへのダイヤのチャージ、下位プロモーターのチームづくり、下位プロモーターの価格設定ができ、収益や資金の明細をいつでも確認できます。\n\n収益は出金することも、ダイヤに交換することもできます。',
      },
      ko: {
        title: '프로모터 플랫폼',
        content:
          '프로모터 플랫폼에 오신 것을 환영합니다.\n\n이곳에서 플레이어에게 다이아를 충전하고, 하위 프로모터 팀을 키우고, 하위 프로모터의 가격을 설정하며, 수익과 자금 흐름을 언제든지 확인할 수 있습니다.\n\n수익은 출금하거나 다이아로 교환할 수 있습니다.',
      },
      it: {
        title: 'Piattaforma dei promotori',
        content:
          'Benvenuto nella piattaforma dei promotori.\n\nQui puoi ricaricare diamanti ai giocatori, far crescere la tua squadra di sottopromotori, fissarne i prezzi e controllare in ogni momento i tuoi guadagni e il flusso di denaro.\n\nPuoi prelevare i guadagni o convertirli in diamanti.',
      },
      hu: {
        title: 'Promóterplatform',
        content:
          'Üdvözlünk a promóterplatformon!\n\nItt gyémántot tölthetsz fel a játékosoknak, bővítheted az alpromótereid csapatát, beállíthatod az áraikat, és bármikor követheted a nyereségedet és a pénzmozgásaidat.\n\nA nyereségedet kifizettetheted, vagy gyémántra válthatod.',
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
          'How do I recharge a player?\nOpen "Recharge a player", enter the player ID or mobile number, choose the amount and confirm.\n\nHow do I withdraw?\nOpen "Withdraw", enter the amount and the receiving account, and wait for the platform to review it. The amount of a rejected withdrawal goes back to your balance.\n\nFor help, contact your upline promoter or the platform\'s support.',
      },
      fr: {
        title: 'Centre d’aide',
        content:
          'Comment recharger un joueur ?\nOuvrez « Recharger un joueur », saisissez l’ID ou le numéro de mobile du joueur, choisissez la quantité et confirmez.\n\nComment retirer mes gains ?\nOuvrez « Retrait », indiquez le montant et le compte de réception, puis attendez la vérification de la plateforme. Le montant d’un retrait refusé est recrédité sur votre solde.\n\nPour toute aide, contactez votre promoteur parrain ou le support de la plateforme.',
      },
      he: {
        title: 'מרכז העזרה',
        content:
          'איך טוענים לשחקן?\nפתחו את ״טעינה לשחקן״, הזינו את מזהה השחקן או את מספר הנייד שלו, בחרו את הכמות ואשרו.\n\nאיך מושכים כסף?\nפתחו את ״משיכה״, הזינו את הסכום ואת החשבון המקבל, ואחרי השליחה המתינו לבדיקת הפלטפורמה. הסכום של משיכה שנדחתה חוזר ליתרה שלכם.\n\nלעזרה, פנו למקדם שמעליכם או לתמיכה של הפלטפורמה.',
      },
      ru: {
        title: 'Центр помощи',
        content:
          'Как пополнить игроку алмазы?\nОткройте «Пополнить игроку», введите ID игрока или номер мобильного, выберите количество и подтвердите.\n\nКак вывести средства?\nОткройте «Вывод средств», укажите сумму и счёт для получения и дождитесь проверки платформой. Сумма отклонённой заявки на вывод возвращается на баланс.\n\nЕсли нужна помощь, обратитесь к вышестоящему промоутеру или в поддержку платформы.',
      },
      ar: {
        title: 'مركز المساعدة',
        content:
          'كيف أشحن رصيد لاعب؟\nافتح «شحن رصيد لاعب»، وأدخل معرّف اللاعب أو رقم جواله، واختر الكمية ثم أكّد.\n\nكيف أسحب أرباحي؟\nافتح «السحب»، وأدخل المبلغ وحساب الاستلام، ثم انتظر مراجعة المنصة بعد الإرسال. يُعاد مبلغ السحب المرفوض إلى رصيدك.\n\nللمساعدة، تواصل مع المروّج الأعلى أو مع دعم المنصة.',
      },
      ge: {
        title: 'Hilfe-Center',
        content:
          'Wie lade ich für einen Spieler auf?\nÖffnen Sie „Spieler aufladen“, geben Sie die Spieler-ID oder die Handynummer ein, wählen Sie die Menge und bestätigen Sie.\n\nWie lasse ich mir Geld auszahlen?\nÖffnen Sie „Auszahlung“, geben Sie den Betrag und das Empfängerkonto ein und warten Sie nach dem Absenden auf die Prüfung durch die Plattform. Der Betrag einer abgelehnten Auszahlung wird Ihrem Guthaben wieder gutgeschrieben.\n\nWenn Sie Hilfe brauchen, wenden Sie sich an Ihren übergeordneten Promoter oder an den Support der Plattform.',
      },
      sp: {
        title: 'Centro de ayuda',
        content:
          '¿Cómo recargo a un jugador?\nAbre «Recargar a un jugador», introduce el ID o el número de móvil del jugador, elige la cantidad y confirma.\n\n¿Cómo retiro mis ganancias?\nAbre «Retirar», indica el importe y la cuenta de cobro, y espera a que la plataforma revise la solicitud. El importe de un retiro rechazado vuelve a tu saldo.\n\nSi necesitas ayuda, contacta con tu promotor superior o con el soporte de la plataforma.',
      },
      ja: {
        title: 'ヘルプセンター',
        content:
          'プレイヤーにチャージするには？\n「プレイヤーにチャージ」を開き、プレイヤーIDまたは携帯電話番号を入力し、数量を選んで確定します。\n\n出金するには？\n「出金」を開き、金額と受取口座を入力して申請し、プラットフォームの審査をお待ちください。却下された出金の金額は残高に戻ります。\n\nお困りの際は、上位のプロモーターまたはプラットフォームのサポートにお問い合わせください。',
      },
      ko: {
        title: '도움말 센터',
        content:
          '플레이어에게 충전하려면?\n‘플레이어 충전’을 열고 플레이어 ID 또는 휴대폰 번호를 입력한 뒤 수량을 선택하고 확인하세요.\n\n출금하려면?\n‘출금’을 열고 금액과 입금받을 계좌를 입력해 신청한 뒤 플랫폼의 심사를 기다리세요. 반려된 출금 금액은 잔액으로 돌아옵니다.\n\n도움이 필요하면 상위 프로모터나 플랫폼 고객센터에 문의하세요.',
      },
      it: {
        title: 'Centro assistenza',
        content:
          'Come ricarico un giocatore?\nApri «Ricarica un giocatore», inserisci l’ID o il numero di cellulare del giocatore, scegli la quantità e conferma.\n\nCome prelevo?\nApri «Preleva», inserisci l’importo e il conto di accredito e attendi la verifica della piattaforma. L’importo di un prelievo rifiutato torna sul tuo saldo.\n\nSe ti serve aiuto, contatta il tuo promotore superiore o l’assistenza della piattaforma.',
      },
      hu: {
        title: 'Súgóközpont',
        content:
          'Hogyan tölthetek fel egy játékosnak?\nNyisd meg a „Játékos feltöltése” menüt, add meg a játékos azonosítóját vagy mobilszámát, válaszd ki a mennyiséget, és erősítsd meg.\n\nHogyan kérhetek kifizetést?\nNyisd meg a „Kifizetés” menüt, add meg az összeget és a fogadó számlát, majd a beküldés után várd meg, amíg a platform ellenőrzi. Az elutasított kifizetés összege visszakerül az egyenlegedre.\n\nHa segítségre van szükséged, fordulj a felettes promóteredhez vagy a platform ügyfélszolgálatához.',
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
          "Promoters have three levels: Diamond, Gold and Silver.\n\nAn upline may set a sub-promoter's price between its own price and the retail price; when the sub-promoter buys diamonds, the upline earns the difference.\n\nWhen players bound to you buy diamonds in the shop, you earn a commission by your level.",
      },
      fr: {
        title: 'À propos des promoteurs',
        content:
          'Les promoteurs ont trois niveaux : Diamant, Or et Argent.\n\nUn promoteur parrain peut fixer le prix d’achat de ses sous-promoteurs entre son propre prix et le prix public ; quand un sous-promoteur achète des diamants, le parrain gagne la différence.\n\nQuand les joueurs qui vous sont liés achètent des diamants dans la boutique, vous touchez une commission selon votre niveau.',
      },
      he: {
        title: 'על המקדמים',
        content:
          'למקדמים יש שלוש דרגות: יהלום, זהב וכסף.\n\nמקדם יכול לקבוע למקדמי המשנה שלו מחיר קנייה בין המחיר שלו לבין המחיר לצרכן; כשמקדם משנה קונה יהלומים, המקדם שמעליו מרוויח את ההפרש.\n\nכששחקנים המקושרים אליכם קונים יהלומים בחנות, אתם מקבלים עמלה לפי הדרגה שלכם.',
      },
      ru: {
        title: 'О промоутерах',
        content:
          'У промоутеров три уровня: бриллиантовый, золотой и серебряный.\n\nВышестоящий промоутер может задать субпромоутеру закупочную цену между своей ценой и розничной; когда субпромоутер покупает алмазы, вышестоящий получает разницу.\n\nКогда привязанные к вам игроки покупают алмазы в магазине, вы получаете комиссию в зависимости от своего уровня.',
      },
      ar: {
        title: 'عن المروّجين',
        content:
          'للمروّجين ثلاثة مستويات: ماسي وذهبي وفضي.\n\nيمكن للمروّج الأعلى أن يحدد لمروّجيه التابعين سعر شراء يقع بين سعره وسعر التجزئة؛ وعندما يشتري التابع الماس يربح المروّج الأعلى الفرق.\n\nعندما يشتري اللاعبون المرتبطون بك الماس من المتجر، تحصل على عمولة بحسب مستواك.',
      },
      ge: {
        title: 'Über Promoter',
        content:
          'Promoter haben drei Stufen: Diamant, Gold und Silber.\n\nEin übergeordneter Promoter kann den Einkaufspreis seiner Unter-Promoter zwischen seinem eigenen Preis und dem Endkundenpreis festlegen; kauft ein Unter-Promoter Diamanten, erhält der übergeordnete Promoter die Differenz.\n\nKaufen Spieler, die an Sie gebunden sind, Diamanten im Shop, erhalten Sie eine Provision nach Ihrer Stufe.',
      },
      sp: {
        title: 'Sobre los promotores',
        content:
          'Los promotores tienen tres niveles: Diamante, Oro y Plata.\n\nUn promotor superior puede fijar el precio de compra de sus subpromotores entre su propio precio y el precio de venta al público; cuando un subpromotor compra diamantes, el superior gana la diferencia.\n\nCuando los jugadores vinculados a ti compran diamantes en la tienda, recibes una comisión según tu nivel.',
      },
      ja: {
        title: 'プロモーターについて',
        content:
          'プロモーターには、ダイヤモンド・ゴールド・シルバーの3つのレベルがあります。\n\n上位のプロモーターは、下位プロモーターの仕入れ価格を自分の仕入れ価格から小売価格までの間で設定できます。下位プロモーターがダイヤを購入すると、上位のプロモーターがその差額を収益として受け取ります。\n\nあなたに紐づいたプレイヤーがショップでダイヤを購入すると、レベルに応じたコミッションを受け取れます。',
      },
      ko: {
        title: '프로모터 안내',
        content:
          '프로모터는 다이아몬드, 골드, 실버의 세 등급으로 나뉩니다.\n\n상위 프로모터는 하위 프로모터의 매입가를 자신의 매입가와 소매가 사이에서 정할 수 있으며, 하위 프로모터가 다이아를 구매하면 상위 프로모터가 그 차액을 수익으로 받습니다.\n\n나에게 연결된 플레이어가 상점에서 다이아를 구매하면 등급에 따라 수수료를 받습니다.',
      },
      it: {
        title: 'I promotori',
        content:
          'I promotori hanno tre livelli: Diamante, Oro e Argento.\n\nUn promotore superiore può fissare il prezzo d’acquisto dei suoi sottopromotori tra il proprio prezzo e il prezzo al pubblico; quando un sottopromotore acquista diamanti, il superiore guadagna la differenza.\n\nQuando i giocatori collegati a te acquistano diamanti nel negozio, ricevi una commissione in base al tuo livello.',
      },
      hu: {
        title: 'A promóterekről',
        content:
          'A promótereknek három szintje van: Gyémánt, Arany és Ezüst.\n\nA felettes promóter az alpromóterei beszerzési árát a saját ára és a kiskereskedelmi ár között állíthatja be; amikor egy alpromóter gyémántot vásárol, a felettes megkapja a különbözetet.\n\nHa a hozzád kötött játékosok gyémántot vásárolnak a boltban, a szintednek megfelelő jutalékot kapsz.',
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
      fr: {
        title: 'Devenez promoteur',
        content:
          'Devenez promoteur et commencez à gagner facilement !\n\n1. Inscrivez-vous via le lien d’invitation d’un promoteur ;\n2. Vérifiez votre numéro de mobile et choisissez un mot de passe ;\n3. Commencez tout de suite à recharger des joueurs et à développer votre équipe.',
      },
      he: {
        title: 'הצטרפו כמקדמים',
        content:
          'הצטרפו כמקדמים והתחילו להרוויח בקלות!\n\n1. הירשמו דרך קישור ההזמנה של מקדם;\n2. אמתו את מספר הנייד והגדירו סיסמה;\n3. התחילו מיד לטעון לשחקנים ולבנות את הצוות שלכם.',
      },
      ru: {
        title: 'Станьте промоутером',
        content:
          'Станьте промоутером и начните легко зарабатывать!\n\n1. Зарегистрируйтесь по ссылке-приглашению промоутера;\n2. Подтвердите номер мобильного и задайте пароль;\n3. Сразу начинайте пополнять игрокам алмазы и развивать свою команду.',
      },
      ar: {
        title: 'كن مروّجًا',
        content:
          'كن مروّجًا وابدأ في تحقيق الأرباح بسهولة!\n\n1. سجّل عبر رابط الدعوة الخاص بأحد المروّجين؛\n2. وثّق رقم جوالك وعيّن كلمة مرور؛\n3. ابدأ فورًا بشحن رصيد اللاعبين وتنمية فريقك.',
      },
      ge: {
        title: 'Werden Sie Promoter',
        content:
          'Werden Sie Promoter und verdienen Sie ganz einfach mit!\n\n1. Registrieren Sie sich über den Einladungslink eines Promoters;\n2. Bestätigen Sie Ihre Handynummer und legen Sie ein Passwort fest;\n3. Laden Sie sofort für Spieler auf und bauen Sie Ihr Team auf.',
      },
      sp: {
        title: 'Hazte promotor',
        content:
          '¡Hazte promotor y empieza a ganar de forma sencilla!\n\n1. Regístrate con el enlace de invitación de un promotor;\n2. Verifica tu número de móvil y crea una contraseña;\n3. Empieza enseguida a recargar a jugadores y a hacer crecer tu equipo.',
      },
      ja: {
        title: 'プロモーター募集',
        content:
          'プロモーターになって、手軽に収益を得ましょう！\n\n1. プロモーターの招待リンクから登録します。\n2. 携帯電話番号を認証し、パスワードを設定します。\n3. すぐにプレイヤーへのチャージとチームづくりを始められます。',
      },
      ko: {
        title: '프로모터 모집',
        content:
          '프로모터가 되어 손쉽게 수익을 올리세요!\n\n1. 프로모터의 초대 링크로 가입합니다.\n2. 휴대폰 번호를 인증하고 비밀번호를 설정합니다.\n3. 바로 플레이어 충전과 팀 키우기를 시작하세요.',
      },
      it: {
        title: 'Diventa promotore',
        content:
          'Diventa promotore e inizia a guadagnare in modo semplice!\n\n1. Registrati tramite il link di invito di un promotore;\n2. Verifica il tuo numero di cellulare e imposta una password;\n3. Inizia subito a ricaricare i giocatori e a far crescere la tua squadra.',
      },
      hu: {
        title: 'Légy promóter!',
        content:
          'Légy promóter, és keress könnyedén!\n\n1. Regisztrálj egy promóter meghívó linkjén keresztül;\n2. Igazold a mobilszámodat, és állíts be jelszót;\n3. Kezdd el azonnal a játékosok feltöltését és a csapatod építését.',
      },
    },
  },
];

/**
 * The sandbox's niches. Each exists on both networks with text in the market's language
 * (English on network_a, Simplified Chinese on network_b). Searches map phrases to niches by
 * keyword overlap; English and Chinese keywords both work on both networks.
 */

export interface Localised<T> {
  en: T;
  zh: T;
}

export interface NicheDefinition {
  key: string;
  label: Localised<string>;
  /** The core subject word, swapped when a follow-up says "same but for X". */
  subject: Localised<string>;
  keywords: Localised<string[]>;
  hashtags: Localised<string[]>;
  /** Openers: the caption's first line and the first on-screen text. */
  hooks: Localised<string[]>;
  /** Spoken lines: the caption track (transcript) of the niche's reels. */
  lines: Localised<string[]>;
  /** `[handle, display name]` of the niche's creators. */
  creators: Localised<[string, string][]>;
}

export const SANDBOX_NICHES: readonly NicheDefinition[] = [
  {
    key: 'home-coffee',
    label: { en: 'Home coffee', zh: '居家咖啡' },
    subject: { en: 'coffee', zh: '咖啡' },
    keywords: {
      en: [
        'coffee',
        'espresso',
        'latte',
        'barista',
        'pour over',
        'cold brew',
        'coffee beans',
        'cafe',
      ],
      zh: ['咖啡', '手冲', '拿铁', '意式', '咖啡豆', '冷萃', '咖啡师'],
    },
    hashtags: {
      en: ['homecoffee', 'latteart', 'coffeetok', 'espresso', 'pourover'],
      zh: ['居家咖啡', '手冲咖啡', '拿铁', '咖啡日常', '咖啡拉花'],
    },
    hooks: {
      en: [
        'Stop wasting money on cafe lattes',
        'The 3-minute pour over that changed my mornings',
        'Latte art for total beginners',
        'Cold brew you can make tonight',
        'Why your espresso tastes sour',
        'My $40 home coffee setup',
      ],
      zh: [
        '别再花冤枉钱买拿铁了',
        '三分钟手冲，改变我的早晨',
        '零基础也能学会的拉花',
        '今晚就能做的冷萃咖啡',
        '为什么你的意式咖啡发酸',
        '三百块搞定居家咖啡角',
      ],
    },
    lines: {
      en: [
        'Start with fresh beans, ground just before brewing.',
        'Heat the water to about ninety-three degrees.',
        'Bloom the coffee for thirty seconds.',
        'Pour slowly in circles from the center.',
        'Steam the milk until it feels warm, not hot.',
        'Tilt the cup and pour from close to the surface.',
      ],
      zh: [
        '先把新鲜咖啡豆现磨好。',
        '水温控制在九十三度左右。',
        '先闷蒸三十秒。',
        '从中心开始慢慢绕圈注水。',
        '牛奶打到温热就好，不要太烫。',
        '杯子倾斜，贴近液面开始拉花。',
      ],
    },
    creators: {
      en: [
        ['brewwithmaya', 'Maya Brews'],
        ['coffeeatnoah', 'Noah | Home Barista'],
        ['dailygrindlab', 'Daily Grind Lab'],
        ['latteleo', 'Leo Latte'],
        ['beanthere.jo', 'Jo Bean'],
      ],
      zh: [
        ['kafei_xiaoli', '咖啡小李'],
        ['shouchong_ajie', '手冲阿杰'],
        ['zaoan_kafei', '早安咖啡'],
        ['latte_mumu', '拿铁木木'],
        ['doudou_coffee', '豆豆咖啡馆'],
      ],
    },
  },
  {
    key: 'skincare',
    label: { en: 'Skincare', zh: '护肤' },
    subject: { en: 'skincare', zh: '护肤' },
    keywords: {
      en: ['skincare', 'skin care', 'serum', 'moisturizer', 'sunscreen', 'acne', 'retinol', 'glow'],
      zh: ['护肤', '精华', '面霜', '防晒', '痘痘', '美白', '敏感肌'],
    },
    hashtags: {
      en: ['skincare', 'skincareroutine', 'glowup', 'sunscreen', 'acnetips'],
      zh: ['护肤', '护肤分享', '敏感肌', '防晒', '早C晚A'],
    },
    hooks: {
      en: [
        'Dermatologists hate this one routine (kidding, they love it)',
        'The order you apply skincare actually matters',
        'I tried retinol for 30 days',
        'Sunscreen mistakes everyone makes',
        'Glass skin on a budget',
        'What cleared my acne for good',
      ],
      zh: [
        '护肤顺序真的很重要',
        '坚持用了三十天A醇',
        '防晒最常见的几个误区',
        '平价也能养出水光肌',
        '我是怎么告别痘痘的',
        '敏感肌的极简护肤法',
      ],
    },
    lines: {
      en: [
        'Cleanse gently, no squeaky-clean feeling.',
        'Apply the serum on slightly damp skin.',
        'Give each layer a minute to absorb.',
        'Moisturizer seals everything in.',
        'Two finger lengths of sunscreen, every morning.',
        'Patch test anything new first.',
      ],
      zh: [
        '洁面要温和，不要追求搓得很干净。',
        '精华趁皮肤微湿的时候用。',
        '每一层等一分钟再叠加。',
        '最后用面霜锁住水分。',
        '每天早上防晒要涂够量。',
        '新产品先在耳后试用。',
      ],
    },
    creators: {
      en: [
        ['glowwithava', 'Ava Glow'],
        ['skinbydrlee', 'Dr. Lee Skin'],
        ['dewydiaries', 'Dewy Diaries'],
        ['serumsam', 'Sam Serum'],
        ['barefacedbella', 'Bella Barefaced'],
      ],
      zh: [
        ['hufu_xiaoyu', '护肤小鱼'],
        ['mingan_jinjin', '敏感肌晶晶'],
        ['fangshai_dage', '防晒大哥'],
        ['shuiguang_lulu', '水光露露'],
        ['pifu_yisheng', '皮肤科林医生'],
      ],
    },
  },
  {
    key: 'budget-travel',
    label: { en: 'Budget travel', zh: '穷游旅行' },
    subject: { en: 'travel', zh: '旅行' },
    keywords: {
      en: [
        'travel',
        'budget travel',
        'backpacking',
        'hostel',
        'flights',
        'itinerary',
        'trip',
        'vacation',
      ],
      zh: ['旅行', '穷游', '攻略', '机票', '民宿', '旅游', '自由行'],
    },
    hashtags: {
      en: ['budgettravel', 'traveltips', 'backpacking', 'cheapflights', 'traveltok'],
      zh: ['穷游', '旅行攻略', '特价机票', '自由行', '周末去哪儿'],
    },
    hooks: {
      en: [
        'How I flew to Lisbon for $89',
        'Five days in Japan under $500',
        'The packing list that fits in a backpack',
        'Hostel hacks nobody tells you',
        'Book flights on this day of the week',
        'Free things to do in every big city',
      ],
      zh: [
        '五百块玩转一座城',
        '特价机票这样抢',
        '一个背包走天下的打包清单',
        '住青旅的省钱小技巧',
        '三天两晚超详细攻略',
        '每座城市都有的免费景点',
      ],
    },
    lines: {
      en: [
        'Set a price alert at least six weeks out.',
        'Fly midweek, it is almost always cheaper.',
        'Pack cubes save half your bag.',
        'Eat where the locals queue at lunch.',
        'Walk the old town before the tours arrive.',
        'Public transport passes pay off on day two.',
      ],
      zh: [
        '提前六周设置好降价提醒。',
        '周二周三出发通常最便宜。',
        '收纳袋能省下一半空间。',
        '午饭跟着本地人排队准没错。',
        '一早去老城区避开旅行团。',
        '交通卡第二天就能回本。',
      ],
    },
    creators: {
      en: [
        ['wanderwithzoe', 'Zoe Wanders'],
        ['backpackben', 'Backpack Ben'],
        ['cheapflightchloe', 'Chloe | Cheap Flights'],
        ['nomadnina', 'Nina Nomad'],
        ['tripsfor20', 'Trips for $20'],
      ],
      zh: [
        ['qiongyou_xiaowang', '穷游小王'],
        ['lvxing_tiantian', '旅行甜甜'],
        ['beibao_laoli', '背包老李'],
        ['jipiao_daren', '机票达人'],
        ['zhoumo_qunaer', '周末去哪儿'],
      ],
    },
  },
  {
    key: 'fitness',
    label: { en: 'Home fitness', zh: '健身' },
    subject: { en: 'fitness', zh: '健身' },
    keywords: {
      en: [
        'fitness',
        'workout',
        'gym',
        'abs',
        'training',
        'home workout',
        'exercise',
        'weight loss',
      ],
      zh: ['健身', '减脂', '腹肌', '锻炼', '瑜伽', '运动', '增肌'],
    },
    hashtags: {
      en: ['fitness', 'homeworkout', 'gymtok', 'abs', 'fitnesstips'],
      zh: ['健身', '减脂', '居家健身', '腹肌撕裂者', '运动打卡'],
    },
    hooks: {
      en: [
        '10 minutes, no equipment, real results',
        'The ab exercise you are doing wrong',
        'What I eat in a day to lose fat',
        'Beginner gym plan for week one',
        'Fix your squat in 30 seconds',
        'I trained every day for 60 days',
      ],
      zh: [
        '十分钟无器械燃脂',
        '你的卷腹可能一直做错了',
        '减脂期一日三餐',
        '健身小白第一周计划',
        '三十秒纠正深蹲姿势',
        '坚持训练六十天的变化',
      ],
    },
    lines: {
      en: [
        'Warm up for two minutes first.',
        'Forty seconds on, twenty seconds rest.',
        'Keep your core tight the whole time.',
        'Push through the heels, not the toes.',
        'Breathe out on the hard part.',
        'Three rounds and you are done.',
      ],
      zh: [
        '先热身两分钟。',
        '练四十秒，休息二十秒。',
        '全程收紧核心。',
        '用脚跟发力，不是脚尖。',
        '发力的时候呼气。',
        '做三组就完成了。',
      ],
    },
    creators: {
      en: [
        ['fitwithjade', 'Jade Fit'],
        ['coachmarcus', 'Coach Marcus'],
        ['sweatwithsara', 'Sara Sweats'],
        ['liftlikelena', 'Lena Lifts'],
        ['tenminutetom', 'Ten Minute Tom'],
      ],
      zh: [
        ['jianshen_aqiang', '健身阿强'],
        ['jianzhi_xiaomei', '减脂小美'],
        ['fuji_laoshi', '腹肌老师'],
        ['yujia_anan', '瑜伽安安'],
        ['yundong_dake', '运动大可'],
      ],
    },
  },
  {
    key: 'dogs',
    label: { en: 'Dogs and dog food', zh: '狗狗与狗粮' },
    subject: { en: 'dog', zh: '狗' },
    keywords: {
      en: ['dog', 'puppy', 'dog food', 'dog treats', 'dog training', 'golden retriever', 'corgi'],
      zh: ['狗', '狗狗', '狗粮', '柯基', '遛狗', '金毛', '训犬'],
    },
    hashtags: {
      en: ['dogsoftiktok', 'puppylove', 'dogfood', 'dogtraining', 'doglife'],
      zh: ['狗狗', '萌宠', '狗粮测评', '训犬', '柯基日常'],
    },
    hooks: {
      en: [
        'My dog tried three dog foods, guess which won',
        'Teach your puppy to sit in one day',
        'Homemade dog treats with two ingredients',
        'What my corgi eats in a day',
        'Signs your dog food is not working',
        'The walk routine that calmed my dog down',
      ],
      zh: [
        '三款狗粮盲测，狗狗选了哪个',
        '一天教会狗狗坐下',
        '两种食材做狗狗零食',
        '柯基的一日三餐',
        '狗粮不合适的几个信号',
        '让狗狗安静下来的遛狗方法',
      ],
    },
    lines: {
      en: [
        'Switch foods slowly over a week.',
        'Check the first ingredient on the bag.',
        'Reward within two seconds of the behavior.',
        'Short sessions, five minutes at most.',
        'A tired dog is a happy dog.',
        'Fresh water next to every meal.',
      ],
      zh: [
        '换粮要用一周慢慢过渡。',
        '先看配料表第一位。',
        '做对了两秒内给奖励。',
        '每次训练不超过五分钟。',
        '遛够了的狗狗最乖。',
        '每顿饭旁边都放好清水。',
      ],
    },
    creators: {
      en: [
        ['milothecorgi', 'Milo the Corgi'],
        ['goodboybaxter', 'Baxter Good Boy'],
        ['pawsandpaige', 'Paige & Paws'],
        ['trainwithtess', 'Tess | Dog Trainer'],
        ['barkbitesco', 'Bark Bites Co'],
      ],
      zh: [
        ['keji_doudou', '柯基豆豆'],
        ['jinmao_dahuang', '金毛大黄'],
        ['xunquan_laozhou', '训犬老周'],
        ['gougou_riji', '狗狗日记'],
        ['chongwu_xiaonan', '萌宠小楠'],
      ],
    },
  },
  {
    key: 'cats',
    label: { en: 'Cats and cat food', zh: '猫咪与猫粮' },
    subject: { en: 'cat', zh: '猫' },
    keywords: {
      en: ['cat', 'kitten', 'cat food', 'cat litter', 'cat toys', 'ragdoll', 'cat care'],
      zh: ['猫', '猫咪', '猫粮', '猫砂', '布偶', '铲屎官', '养猫'],
    },
    hashtags: {
      en: ['catsoftiktok', 'catfood', 'kittenlove', 'catcare', 'catlife'],
      zh: ['猫咪', '养猫', '猫粮测评', '布偶猫', '铲屎官日常'],
    },
    hooks: {
      en: [
        'My cat rated five cat foods',
        'Why your cat ignores the new toy',
        'Kitten checklist for the first week',
        'Litter box mistakes that cause accidents',
        'What my ragdoll eats in a day',
        'Signs your cat actually trusts you',
      ],
      zh: [
        '猫咪亲自测评五款猫粮',
        '新玩具猫咪为什么不玩',
        '小奶猫到家第一周清单',
        '猫砂盆的几个常见错误',
        '布偶猫的一日三餐',
        '猫咪信任你的几个信号',
      ],
    },
    lines: {
      en: [
        'Cats prefer small meals spread out.',
        'Put water away from the food bowl.',
        'One litter box per cat, plus one.',
        'Play before meals to copy the hunt.',
        'Slow blinks mean they trust you.',
        'Introduce new food over ten days.',
      ],
      zh: [
        '猫咪喜欢少食多餐。',
        '水碗要离饭碗远一点。',
        '猫砂盆数量要比猫多一个。',
        '饭前陪玩模拟捕猎。',
        '慢慢眨眼代表信任你。',
        '换粮要用十天慢慢过渡。',
      ],
    },
    creators: {
      en: [
        ['lunatheragdoll', 'Luna the Ragdoll'],
        ['catdadchris', 'Cat Dad Chris'],
        ['whiskerwednesday', 'Whisker Wednesday'],
        ['purrfectpantry', 'Purrfect Pantry'],
        ['kittenkate', 'Kitten Kate'],
      ],
      zh: [
        ['buou_mimi', '布偶咪咪'],
        ['chanshiguan_xiaoke', '铲屎官小可'],
        ['maomi_laoshi', '猫咪老师'],
        ['yangmao_riji', '养猫日记'],
        ['juzi_maomao', '橘子猫猫'],
      ],
    },
  },
  {
    key: 'cooking',
    label: { en: 'Easy home cooking', zh: '家常菜' },
    subject: { en: 'cooking', zh: '做饭' },
    keywords: {
      en: ['cooking', 'recipe', 'recipes', 'dinner', 'meal prep', 'easy meals', 'kitchen', 'food'],
      zh: ['做饭', '家常菜', '食谱', '美食', '下饭菜', '快手菜', '厨房'],
    },
    hashtags: {
      en: ['easyrecipes', 'mealprep', 'dinnerideas', 'cookingtok', 'onepanmeal'],
      zh: ['家常菜', '快手菜', '下饭菜', '美食教程', '一人食'],
    },
    hooks: {
      en: [
        'Dinner in 15 minutes with one pan',
        'Meal prep five lunches for $20',
        'The garlic noodles everyone asks for',
        'Stop overcooking your chicken',
        'Three dinners from one grocery bag',
        'My grandma’s secret for fluffy rice',
      ],
      zh: [
        '一口锅十五分钟搞定晚饭',
        '一百块备好五天午餐',
        '人人都问的蒜香拌面',
        '鸡胸肉再也不柴了',
        '一袋菜做出三顿晚饭',
        '外婆煮饭不粘锅的秘诀',
      ],
    },
    lines: {
      en: [
        'Get the pan really hot first.',
        'Garlic goes in last so it does not burn.',
        'Salt the water like the sea.',
        'Let the meat rest for five minutes.',
        'A squeeze of lemon wakes everything up.',
        'Taste and adjust before you serve.',
      ],
      zh: [
        '先把锅烧得很热。',
        '蒜最后放，才不会糊。',
        '煮面水要多放点盐。',
        '肉煎好后静置五分钟。',
        '挤一点柠檬汁提味。',
        '出锅前尝一下再调味。',
      ],
    },
    creators: {
      en: [
        ['cookwithcami', 'Cami Cooks'],
        ['onepanpete', 'One Pan Pete'],
        ['mealprepmia', 'Mia Meal Prep'],
        ['grandmaskitchen', 'Grandma’s Kitchen'],
        ['dinnerin15', 'Dinner in 15'],
      ],
      zh: [
        ['jiachangcai_laoma', '家常菜老妈'],
        ['kuaishou_xiaochu', '快手小厨'],
        ['meishi_dawei', '美食大伟'],
        ['yirenshi_nana', '一人食娜娜'],
        ['xiafan_wang', '下饭王'],
      ],
    },
  },
  {
    key: 'baking',
    label: { en: 'Baking', zh: '烘焙' },
    subject: { en: 'baking', zh: '烘焙' },
    keywords: {
      en: ['baking', 'bread', 'sourdough', 'cake', 'cookies', 'pastry', 'dessert', 'oven'],
      zh: ['烘焙', '面包', '蛋糕', '甜品', '烤箱', '饼干', '酸面包'],
    },
    hashtags: {
      en: ['baking', 'sourdough', 'cakedecorating', 'cookies', 'bakingtok'],
      zh: ['烘焙', '面包', '蛋糕', '甜品教程', '烤箱美食'],
    },
    hooks: {
      en: [
        'Sourdough for people who hate sourdough',
        'The cookie recipe that went viral for a reason',
        'Why your cake sinks in the middle',
        'No-knead bread in 5 minutes of work',
        'Decorating a cake with zero skills',
        'Brown butter changes everything',
      ],
      zh: [
        '零失败的免揉面包',
        '爆火的曲奇配方',
        '蛋糕为什么会塌',
        '五分钟备好的酸面包',
        '新手也能做的裱花蛋糕',
        '焦化黄油真的太香了',
      ],
    },
    lines: {
      en: [
        'Weigh everything, do not use cups.',
        'Room temperature butter mixes smoother.',
        'Fold gently so the air stays in.',
        'Let the dough double in size.',
        'Preheat the oven for twenty minutes.',
        'Cool completely before you slice.',
      ],
      zh: [
        '所有材料都要称重。',
        '黄油软化到室温更好打发。',
        '翻拌要轻，保留气泡。',
        '面团发酵到两倍大。',
        '烤箱提前预热二十分钟。',
        '完全放凉再切。',
      ],
    },
    creators: {
      en: [
        ['bakewithbianca', 'Bianca Bakes'],
        ['sourdoughsteve', 'Sourdough Steve'],
        ['cakesbycleo', 'Cakes by Cleo'],
        ['cookiecraftco', 'Cookie Craft Co'],
        ['ovenmittolly', 'Olly Oven Mitt'],
      ],
      zh: [
        ['hongbei_xiaotang', '烘焙小糖'],
        ['mianbao_dashu', '面包大叔'],
        ['dangao_mianmian', '蛋糕绵绵'],
        ['tianpin_keke', '甜品可可'],
        ['kaoxiang_riji', '烤箱日记'],
      ],
    },
  },
  {
    key: 'personal-finance',
    label: { en: 'Personal finance', zh: '理财' },
    subject: { en: 'money', zh: '理财' },
    keywords: {
      en: ['money', 'budget', 'budgeting', 'saving', 'investing', 'side hustle', 'finance', 'debt'],
      zh: ['理财', '存钱', '副业', '基金', '记账', '省钱', '财务'],
    },
    hashtags: {
      en: ['moneytok', 'budgeting', 'sidehustle', 'personalfinance', 'savingmoney'],
      zh: ['理财', '存钱', '副业', '记账', '省钱攻略'],
    },
    hooks: {
      en: [
        'How I saved $10k on an average salary',
        'The budget rule that finally worked for me',
        'Side hustles that are not a scam',
        'Investing explained in 60 seconds',
        'Stop making this savings mistake',
        'My no-spend month results',
      ],
      zh: [
        '普通工资一年存下十万',
        '终于坚持下来的记账方法',
        '靠谱的副业有哪些',
        '六十秒讲清楚基金定投',
        '存钱最容易犯的错',
        '一个月不乱花钱的结果',
      ],
    },
    lines: {
      en: [
        'Pay yourself first on payday.',
        'Automate the transfer so you never see it.',
        'Track every expense for one month.',
        'Kill the highest interest debt first.',
        'An emergency fund comes before investing.',
        'Small daily savings add up fast.',
      ],
      zh: [
        '发工资先存再花。',
        '设置自动转账，眼不见心不烦。',
        '坚持记账一个月。',
        '先还利息最高的债。',
        '先攒应急金再投资。',
        '每天省一点，积少成多。',
      ],
    },
    creators: {
      en: [
        ['moneywithmorgan', 'Morgan | Money'],
        ['budgetbyben', 'Budget by Ben'],
        ['sidehustlesue', 'Side Hustle Sue'],
        ['frugalfinn', 'Frugal Finn'],
        ['centsandsense', 'Cents & Sense'],
      ],
      zh: [
        ['licai_xiaobai', '理财小白'],
        ['cunqian_dashi', '存钱大师'],
        ['fuye_laozhang', '副业老张'],
        ['jizhang_yiyi', '记账依依'],
        ['shengqian_gonglue', '省钱攻略君'],
      ],
    },
  },
  {
    key: 'houseplants',
    label: { en: 'Houseplants', zh: '绿植养护' },
    subject: { en: 'plant', zh: '绿植' },
    keywords: {
      en: [
        'plant',
        'plants',
        'houseplants',
        'garden',
        'gardening',
        'monstera',
        'succulent',
        'balcony',
      ],
      zh: ['绿植', '养花', '多肉', '阳台', '园艺', '龟背竹', '花草'],
    },
    hashtags: {
      en: ['planttok', 'houseplants', 'plantcare', 'monstera', 'balconygarden'],
      zh: ['绿植', '养花', '阳台花园', '多肉', '园艺分享'],
    },
    hooks: {
      en: [
        'You are overwatering your plants',
        'Propagate a monstera in water',
        'Plants that survive total neglect',
        'Turn a tiny balcony into a garden',
        'Why your leaves are turning yellow',
        'Repotting without killing the plant',
      ],
      zh: [
        '你的绿植可能浇水太多了',
        '龟背竹水培扦插',
        '懒人也养不死的植物',
        '小阳台变身小花园',
        '叶子发黄的原因',
        '换盆不伤根的方法',
      ],
    },
    lines: {
      en: [
        'Water only when the top inch is dry.',
        'Bright indirect light is the sweet spot.',
        'Cut just below a node.',
        'Roots should be white and firm.',
        'Drainage holes are not optional.',
        'Rotate the pot every week.',
      ],
      zh: [
        '表层土干了再浇水。',
        '明亮的散射光最合适。',
        '在节点下方剪。',
        '健康的根是白色的。',
        '花盆一定要有排水孔。',
        '每周转一下花盆。',
      ],
    },
    creators: {
      en: [
        ['plantmomtara', 'Tara Plant Mom'],
        ['greenthumbgus', 'Green Thumb Gus'],
        ['balconybloom', 'Balcony Bloom'],
        ['monsteramatt', 'Matt & Monstera'],
        ['leafyliv', 'Leafy Liv'],
      ],
      zh: [
        ['lvzhi_xiaoqing', '绿植小青'],
        ['yanghua_ayi', '养花阿姨'],
        ['yangtai_huayuan', '阳台花园'],
        ['duorou_mengmeng', '多肉萌萌'],
        ['yuanyi_laoliu', '园艺老刘'],
      ],
    },
  },
  {
    key: 'tech-gadgets',
    label: { en: 'Tech gadgets', zh: '数码好物' },
    subject: { en: 'gadget', zh: '数码' },
    keywords: {
      en: ['gadget', 'gadgets', 'tech', 'phone', 'unboxing', 'desk setup', 'headphones', 'laptop'],
      zh: ['数码', '开箱', '手机', '桌搭', '耳机', '电脑', '好物'],
    },
    hashtags: {
      en: ['techtok', 'gadgets', 'desksetup', 'unboxing', 'techreview'],
      zh: ['数码', '开箱', '桌搭', '数码好物', '测评'],
    },
    hooks: {
      en: [
        'Gadgets under $30 that feel illegal to own',
        'My desk setup tour, everything linked',
        'Unboxing the phone nobody is talking about',
        'Headphones tested on the subway',
        'Five settings to change on your new phone',
        'The laptop stand that fixed my neck',
      ],
      zh: [
        '两百块以内的神仙好物',
        '我的桌搭全清单',
        '没人讨论的宝藏手机开箱',
        '地铁实测降噪耳机',
        '新手机到手先改这五个设置',
        '拯救颈椎的电脑支架',
      ],
    },
    lines: {
      en: [
        'Battery easily lasts two days.',
        'The build feels premium for the price.',
        'Cable management makes the whole setup.',
        'Noise cancelling blocks the train hum.',
        'Turn this setting off to save battery.',
        'Raise the screen to eye level.',
      ],
      zh: [
        '续航轻松两天。',
        '这个价位做工很扎实。',
        '理线决定了桌面的颜值。',
        '降噪能挡住地铁的噪音。',
        '关掉这个设置更省电。',
        '屏幕要抬到和眼睛平齐。',
      ],
    },
    creators: {
      en: [
        ['techwithtyler', 'Tyler Tech'],
        ['gadgetgrace', 'Gadget Grace'],
        ['desksetupdan', 'Desk Setup Dan'],
        ['unboxedbyui', 'Unboxed by Ui'],
        ['pixelpriya', 'Pixel Priya'],
      ],
      zh: [
        ['shuma_xiaoguo', '数码小郭'],
        ['kaixiang_dawang', '开箱大王'],
        ['zhuoda_keke', '桌搭可可'],
        ['erji_ceping', '耳机测评君'],
        ['haowu_fenxiang', '好物分享官'],
      ],
    },
  },
  {
    key: 'fashion',
    label: { en: 'Everyday fashion', zh: '日常穿搭' },
    subject: { en: 'outfit', zh: '穿搭' },
    keywords: {
      en: [
        'outfit',
        'outfits',
        'fashion',
        'style',
        'ootd',
        'thrift',
        'capsule wardrobe',
        'clothes',
      ],
      zh: ['穿搭', '时尚', '搭配', '显瘦', '通勤', '衣服', '平价'],
    },
    hashtags: {
      en: ['ootd', 'outfitideas', 'capsulewardrobe', 'thrifted', 'styletips'],
      zh: ['穿搭', '日常穿搭', '通勤穿搭', '显瘦穿搭', '平价穿搭'],
    },
    hooks: {
      en: [
        'One pair of jeans, seven outfits',
        'Thrift flip: from $5 to runway',
        'Capsule wardrobe for the whole autumn',
        'Style mistakes that make you look shorter',
        'Work outfits that still feel like you',
        'Colors that go with literally everything',
      ],
      zh: [
        '一条牛仔裤搭出七套',
        '五十块改造旧衣服',
        '整个秋天的胶囊衣橱',
        '显矮的穿搭误区',
        '通勤也能穿出个性',
        '百搭不出错的配色',
      ],
    },
    lines: {
      en: [
        'Tuck the front only for a longer leg.',
        'Match your belt to your shoes.',
        'Neutrals make everything mix.',
        'Roll the sleeves twice, not once.',
        'One statement piece per outfit.',
        'Tailoring beats any brand name.',
      ],
      zh: [
        '上衣只塞前面，腿更长。',
        '腰带和鞋子颜色呼应。',
        '基础色怎么搭都好看。',
        '袖子卷两折刚刚好。',
        '一身只要一个亮点。',
        '合身比牌子更重要。',
      ],
    },
    creators: {
      en: [
        ['stylebysienna', 'Sienna Style'],
        ['thriftwiththeo', 'Theo Thrifts'],
        ['capsulecara', 'Cara Capsule'],
        ['ootdomar', 'Omar OOTD'],
        ['closetconfidential', 'Closet Confidential'],
      ],
      zh: [
        ['chuanda_xiaoxi', '穿搭小溪'],
        ['tongqin_jiejie', '通勤姐姐'],
        ['xianshou_miao', '显瘦喵'],
        ['pingjia_chuanda', '平价穿搭君'],
        ['shishang_ajun', '时尚阿俊'],
      ],
    },
  },
  {
    key: 'study-productivity',
    label: { en: 'Study and productivity', zh: '学习效率' },
    subject: { en: 'study', zh: '学习' },
    keywords: {
      en: ['study', 'studying', 'productivity', 'notion', 'exam', 'focus', 'planner', 'students'],
      zh: ['学习', '自律', '考研', '效率', '笔记', '备考', '专注'],
    },
    hashtags: {
      en: ['studytok', 'productivity', 'studytips', 'notion', 'examseason'],
      zh: ['学习', '自律', '考研', '学习方法', '高效学习'],
    },
    hooks: {
      en: [
        'How I studied 8 hours without burning out',
        'The Notion setup that runs my life',
        'Exam week routine that actually works',
        'Stop highlighting, do this instead',
        'Beat procrastination in two minutes',
        'My 5am study routine, honestly',
      ],
      zh: [
        '一天学习八小时不崩溃',
        '管理生活的笔记模板',
        '考前一周的复习节奏',
        '别再只划重点了',
        '两分钟战胜拖延',
        '早上五点的学习日常',
      ],
    },
    lines: {
      en: [
        'Work in twenty-five minute blocks.',
        'Phone in another room, always.',
        'Test yourself instead of rereading.',
        'Plan tomorrow before you sleep.',
        'Start with the hardest subject.',
        'Review after one day, then one week.',
      ],
      zh: [
        '每二十五分钟为一个番茄钟。',
        '手机一定放到别的房间。',
        '自测比重读更有效。',
        '睡前规划好明天。',
        '先攻克最难的科目。',
        '一天后复习一次，一周后再复习。',
      ],
    },
    creators: {
      en: [
        ['studywithsofia', 'Sofia Studies'],
        ['notionnate', 'Notion Nate'],
        ['focusedfreya', 'Focused Freya'],
        ['examacesam', 'Sam Aces Exams'],
        ['deepworkdev', 'Deep Work Dev'],
      ],
      zh: [
        ['xuexi_xiaoman', '学习小满'],
        ['kaoyan_shixiong', '考研师兄'],
        ['zilv_jiang', '自律酱'],
        ['biji_darren', '笔记达人'],
        ['xiaolv_laoshi', '效率老师'],
      ],
    },
  },
  {
    key: 'home-decor',
    label: { en: 'Home decor and small spaces', zh: '家居改造' },
    subject: { en: 'decor', zh: '家居' },
    keywords: {
      en: [
        'decor',
        'home decor',
        'diy',
        'room makeover',
        'apartment',
        'interior',
        'organization',
        'rental',
      ],
      zh: ['家居', '装修', '改造', '收纳', '租房', '软装', '出租屋'],
    },
    hashtags: {
      en: ['homedecor', 'roommakeover', 'rentalfriendly', 'smallspaces', 'diyhome'],
      zh: ['家居', '出租屋改造', '收纳', '软装', '小户型'],
    },
    hooks: {
      en: [
        'Rental makeover with zero damage',
        'Small apartment, big storage',
        'IKEA hack that looks custom',
        'Lighting tricks that make rooms feel expensive',
        'Decluttering my whole kitchen',
        'Before and after: $200 room refresh',
      ],
      zh: [
        '出租屋零损伤改造',
        '小户型超大收纳',
        '平价家具改出高级感',
        '让房间显贵的灯光技巧',
        '整理我的整个厨房',
        '两千块焕新卧室',
      ],
    },
    lines: {
      en: [
        'Peel-and-stick everything in a rental.',
        'Go vertical when floor space runs out.',
        'Warm bulbs, never cool white.',
        'Rugs define zones in one room.',
        'Clear bins show what you own.',
        'Mirrors double the light.',
      ],
      zh: [
        '租房就用免打孔的。',
        '地面不够就往墙上要空间。',
        '用暖光，不要冷白光。',
        '地毯能划分功能区。',
        '透明收纳盒一目了然。',
        '镜子能让光线翻倍。',
      ],
    },
    creators: {
      en: [
        ['smallspacesophie', 'Sophie Small Spaces'],
        ['diywithdre', 'Dre DIY'],
        ['rentalrefresh', 'Rental Refresh'],
        ['cozycornerclaire', 'Cozy Corner Claire'],
        ['declutterdave', 'Declutter Dave'],
      ],
      zh: [
        ['jiaju_xiaomo', '家居小墨'],
        ['gaizao_dawang', '改造大王'],
        ['shouna_laoshi', '收纳老师'],
        ['zufang_riji', '租房日记'],
        ['ruanzhuang_lili', '软装莉莉'],
      ],
    },
  },
];

export function nicheByKey(key: string): NicheDefinition {
  const niche = SANDBOX_NICHES.find((candidate) => candidate.key === key);
  if (!niche) throw new Error(`unknown sandbox niche ${key}`);
  return niche;
}

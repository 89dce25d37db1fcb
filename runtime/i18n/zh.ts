// The runtime's own Chinese text, grouped by concern. Strings quoted from the spec are copied exactly (full-width
// punctuation, the spaces inside 保 存 and 修 改).

export const TEXT = {
  common: {
    tipTitle: '提示信息',
    ok: '确定',
    cancel: '取消',
    confirmDefault: '确认进行此操作?',
    systemError: '系统出错，联系管理员',
    operationSucceeded: '操作成功',
  },
  login: {
    title: '用户登录',
    username: '用户名',
    password: '密码',
    submit: '登 录',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
  },
  layout: {
    home: '概览',
    logout: '退出登录',
    notFoundTitle: '页面不存在',
    notFoundText: '您访问的页面不存在，请从左侧菜单进入。',
    backHome: '返回概览',
    homeGreeting: (name: string) => `您好，${name}`,
    homeMenus: '我的菜单',
  },
  screen: {
    loadFailed: '页面定义加载失败',
    invalidTitle: '页面定义有误',
    invalidHint: '请根据以下位置修正页面 JSON：',
    renderFailed: '页面渲染出错',
    unknownComponent: (component: string) => `该菜单的页面组件未注册：${component}`,
    unknownAction: (type: string) => `未注册的动作类型：${type}`,
  },
  form: {
    search: '查 询',
    reset: '重 置',
    save: '保 存',
    update: '修 改',
    close: '取 消',
    add: '新增',
    edit: '编辑',
    show: '查看',
    saved: '保存成功',
    required: (label: string) => `${label}不能为空`,
    invalid: (label: string, message: string) => `${label}${message}`,
    placeholderInput: (label: string) => `请输入${label}`,
    placeholderSelect: (label: string) => `请选择${label}`,
    rangeStart: '开始日期',
    rangeEnd: '结束日期',
  },
  table: {
    empty: '暂无数据',
    actions: '操作',
    total: (total: number) => `共 ${total} 条`,
    selected: (count: number) => `已选择 ${count} 项`,
  },
  validation: {
    path: (path: string) => (path === '' ? '（根）' : path),
  },
} as const;

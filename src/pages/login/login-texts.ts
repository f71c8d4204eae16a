// Field labels of the two sign-in forms; validation messages are built from them.
export const usernameLabel = { zh: '用户名', en: 'User name' };
export const passwordLabel = { zh: '密码', en: 'Password' };
export const phoneLabel = { zh: '手机号', en: 'Mobile number' };
export const smsCodeLabel = { zh: '验证码', en: 'Verification code' };
export const signInText = { zh: '登录', en: 'Sign in' };
export const phoneHint = { zh: '请输入正确的 11 位手机号', en: 'Enter a valid 11-digit mobile number' };
export const smsCodeHint = { zh: '验证码为 6 位数字', en: 'The code has 6 digits' };

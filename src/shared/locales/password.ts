import type { Label } from '../resource-kit/label';

// The password policy's rules: the server's refusals and the hints the password dialogs show, one text each.
export const PASSWORD_TEXTS = {
  length: { zh: '密码长度须为{{min}}至{{max}}个字符', en: 'The password must be {{min}} to {{max}} characters long' },
  digit: { zh: '密码须至少包含一个数字', en: 'The password must contain a digit' },
  letter: { zh: '密码须至少包含一个字母', en: 'The password must contain a letter' },
  lowercase: { zh: '密码须至少包含一个小写字母', en: 'The password must contain a lowercase letter' },
  uppercase: { zh: '密码须至少包含一个大写字母', en: 'The password must contain an uppercase letter' },
  nonAlphanumeric: { zh: '密码须至少包含一个字母和数字以外的符号', en: 'The password must contain a character other than letters and digits' },
  common: { zh: '该密码过于常见，容易被猜到，请换一个', en: 'This password is too common and easily guessed; choose another' },
  commonRule: { zh: '不能是常见的、容易被猜到的密码', en: 'Not a common, easily guessed password' },
  rulesTitle: { zh: '密码要求', en: 'Password requirements' },
  mustChange: { zh: '为了账户安全，请先设置新密码再继续使用。', en: 'For the security of your account, choose a new password before going on.' },
} satisfies Record<string, Label>;

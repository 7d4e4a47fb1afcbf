// The passwords tried first by anyone guessing: the top of the public leaked-password rankings, plus those most used
// in China (pinyin, dates, keyboard walks, 520/1314 love numbers). Compared case-insensitively.
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle
jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua
cheese amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor
matrix william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888
anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog
guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy
ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar
monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple banana junior
hannah 123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000 miller
boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player nikita knight
fender barney midnight please brandy chicago badboy slayer rangers charles angel flower bigdaddy rabbit wizard
jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince marine
ghbdtn fishing cocacola casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321
golden 8675309 panther lauren angela 1q2w3e 1q2w3e4r5t qwe123 qwert asdf1234 zaq12wsx password1 password123
passw0rd p@ssw0rd p@ssword admin admin123 administrator root toor guest changeme default login welcome1 abcd1234
abc12345 a1b2c3d4 aa123456 abcdef abcdefg abcdefgh 12qwaszx 1qazxsw2 1qaz2wsx3edc qazwsxedc zxc123 zxc123456
asd123 asd123456 qwe123456 qweasd qweasdzxc 1314520 5201314 520520 woaini woaini1314 woaini520 woaini123 iloveyou1
7758521 7758258 147258 147258369 159357 123456a a123456 123456aa a123123 123456q q123456 123456789a abc123456
a5201314 12345678a qq123456 qq5201314 woaiwojia 100200 1234abcd 521521 5211314 110110 12341234 11223344 123qweasd
123abc 1a2b3c4d zhang123 wang123 li123456 zhangwei wangwei liuyang 19491001 20082008 qwertyui asdfghjk
zxcvbnm123 1234567a aaaaaaaa 00000000 12121212 66666666 99999999 11112222 admin888 888888a hahaha huawei123 nihao123
qwerty123 qwerty1 letmein1 monkey1 dragon1 football1 baseball1 superman1 sunshine1 princess1 shadow1 master1
iloveyou2 welcome123 hello123 test123 test1234 temp123 pass1234 pass123 passwd 1q1q1q1q q1q1q1q1 1qaz1qaz 1q2w3e4r5t6y
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());

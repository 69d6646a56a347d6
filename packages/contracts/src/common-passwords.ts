// Plain data and one function, no Zod: only the schemas that set a new password import this
// file (new-password.ts), so it loads with the register, reset and change-password forms and
// never with the landing or the login page.

/**
 * 1680 of the most used passwords of 6 or more characters (shorter ones already fail the
 * length rule), lower case. Compiled by hand from the top of the well-known public lists
 * (SecLists' 10-million-password-list, RockYou) plus the Spanish and Latin American favourites
 * (contraseña, teamo, futbol, barcelona, realmadrid…) and this site's own name, as NIST SP
 * 800-63B suggests. `demo1234`, the public password of the demo accounts, is left out on
 * purpose: docs/decisions/0017-security-headers-and-limits.md.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321
superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper zxcvbn
555555 11111111 131313 freedom 777777 maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix william corvette martin heather secret merlin diamond 1234qwer gfhjkm hammer
silver 222222 88888888 anthony justin bailey q1w2e3r4t5 patrick internet scooter orange golfer
cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick
phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph
mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster tigers yellow xxxxxx
123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana junior hannah
123654 porsche lakers iceman cowboys 987654 london tennis 999999 ncc1701 coffee scooby miller
boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player
nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles flower
bigdaddy rabbit wizard bigdick jasper rachel winter phantom spanky 888888 victoria stella
000000000 camaro1 jackie golden sophie warrior shannon panther liverpool sandra dolphin mercury
carlos 123abc cherry iceman1 gandalf thunder1 diesel tiffany elephant birdie eclipse toyota
1q2w3e 1q2w3e4r 1q2w3e4r5t zaq12wsx zaq1xsw2 qweasd qweasdzxc qazxsw 1qazxsw2 asdfghjkl asdasd
asdasdasd qweqwe zxczxc asdf1234 abcd1234 abc12345 abcdef abcdefg abcdefgh a123456 a12345
aa123456 123456a 1234567a 12345a 12345q 123456q q123456 a1b2c3 a1b2c3d4 1a2b3c aaaaaaaa qqqqqq
zzzzzz 11223344 1122334455 12341234 123454321 1234554321 12344321 123412 123456789a 123456789q
0123456789 01234567 987654321a 9876543210 147258 147258369 147852 147852369 159357 951753 852456
258456 789456 789456123 456789 456123 741852963 741852 963852741 321321 654321a 520520 5201314
101010 202020 212121 232323 242424 252525 121314 131415 141414 151515 161616 171717 181818
191919 123789 321654 654123 112211 110110 100200 123000 200000 100000 1000000 1010101 123098
0987654321 7654321 87654321 11112222 12121212 13131313 69696969 99999999 77777777 66666666
55555555 44444444 33333333 22222222 123123a 123qweasd qwe123 qwe123456 qwerty1 qwerty12
qwerty123 qwerty1234 qwerty123456 qwertyu qwertyui qwert1 qwerty7 1qwerty qwerty01 qwertz
qwertz123 azerty azerty123 azertyuiop poiuytrewq mnbvcxz lkjhgfdsa 1qaz2wsx3edc zxcvbnm1
zxcasdqwe qwaszx password1 password12 password123 password1234 password2 password01 1password
passw0rd passw0rd1 p@ssw0rd p@ssword pa55word pa55w0rd passwort passwort1 passpass pass123
pass1234 mypassword newpassword oldpassword nopassword password! password11 123password letmein1
letmein123 iloveyou1 iloveyou2 iloveyou123 iloveu iloveme imissyou loveyou loveyou1 lovely
loveme lovers love123 love1234 ilovegod iloveyou! princess1 princess12 monkey1 monkey12
monkey123 dragon1 dragon12 dragon123 shadow1 shadow12 master1 master12 master123 michael1
charlie1 jordan1 jordan23 superman1 superman123 batman1 batman123 spiderman ironman football1
football12 baseball1 basketball soccer1 soccer12 hockey1 hunter1 hunter2 hunter123 sunshine1
welcome1 welcome123 welcome12 trustno1! starwars1 computer1 freedom1 whatever1 blink182 chelsea1
arsenal1 liverpool1 manutd manchester manchesterunited rangers1 cowboys1 steelers1 yankees1
lakers1 redsox1 eagles1 tigers1 packers raiders broncos patriots dolphins chiefs giants ravens
panthers vikings saints falcons seahawks celtics knicks warriors jordan12 kobe24 lebron lebron23
michael23 admin1 admin12 admin123 admin1234 administrator root123 rootroot changeme changeme1
default guest123 user123 test123 test1234 testing testing1 testing123 testtest demo123 login123
access1 access14 secret1 secret123 private nothing nothing1 google google1 hotmail facebook
facebook1 youtube instagram twitter whatsapp tiktok netflix spotify amazon microsoft windows
ubuntu apple123 iphone iphone6 android samsung1 playstation playstation2 xbox360 nintendo
pokemon pokemon1 pokemon123 minecraft minecraft1 fortnite roblox warcraft starcraft
counterstrike halo123 naruto naruto123 dragonball sasuke sakura hellokitty doraemon pikachu
digimon matrix1 sparky1 snoopy1 scooby1 garfield mickey1 minnie winnie tinkerbell cookie1
cookies banana1 orange1 apples cherry1 strawberry peanut1 butter coffee1 cupcake muffin pumpkin
chicken1 turtle rabbit1 tiger1 falcon1 panther1 wolves dolphin1 penguin donkey horses kitten
kitty1 puppies doggie bubbles rainbow unicorn diamond1 crystal silver1 golden1 purple1 yellow1
green1 blue123 guitar1 music1 dancer singer rocker rockstar metallica nirvana slipknot eminem
beatles madonna britney justinbieber beyonce rihanna onedirection linkinpark greenday babyboy
babygirl babygirl1 sweety sweetie sweetheart darling angel1 angels angelica angela heaven
heaven1 jesus1 jesuschrist christ god123 blessed blessing hope12 trinity genesis destiny
freedom! family family1 friends friend friendship forever1 together always 4ever1 fuckyou
fuckyou1 fuckyou2 fuckoff fuckme fucker fuck123 shit123 asshole bitch1 pussy1 sexy123 sexsex
sexygirl hottie hotstuff cutie1 pretty beautiful gorgeous handsome jennifer1 jessica1 ashley1
amanda1 michelle1 melissa1 nicole1 stephanie heather1 elizabeth christina rebecca danielle
brittany samantha1 natalie victoria1 alexandra alexander alexander1 christopher matthew1 joshua1
anthony1 brandon1 justin1 andrew1 daniel1 robert1 william1 richard1 charles1 joseph1 thomas1
steven jonathan nicholas benjamin patrick1 austin1 dallas1 chicago1 boston1 london1 berlin
florida california america america1 canada england scotland ireland germany france italia brasil
brazil russia australia newyork newyork1 jackson1 george1 oliver1 charlotte amelia olivia sophia
isabella madison abigail jayden gabriel nathan samuel jeremy jeffrey timothy stephen gregory
raymond benjamin1 zachary ashley123 ginger1 maggie1 buster1 bailey1 harley1 tigger1 charlie123
cheese1 pepper1 cookie123 summer1 summer12 winter1 spring autumn flowers flower1 sunflower
butterfly butterfly1 ladybug dragonfly moonlight starlight sunset sunrise mountain forest nature
planet universe galaxy cosmos rocket spaceman superstar starfish seahorse sharks bigfish fishing
hunting golfing tennis1 skater skateboard surfer snowboard racing speedy nascar1 ferrari1
porsche1 mercedes1 bmw123 audi123 toyota1 nissan subaru chevrolet mustang1 corvette1 camaro2
ducati kawasaki suzuki yamaha1 motorola nokia123 sony123 samsung123 lg1234 dell123 hewlett
compaq1 gateway1 amd123 nvidia matrix123 neo123 morpheus oracle database server system system1
network security secure secure1 safety welcome2 hello1 hello12 hello123 hellohello helloworld
hola123 hola1234 holahola holamundo chocolate chocolate1 contraseña contraseña1 contraseña123
contraseña1234 contrasena contrasena1 contrasena123 micontraseña micontrasena miclave clave123
clave1 claves secreto secreto1 secreta privado privada teamo1 teamo123 teamo1234 teamomucho
teamoamor tequiero tequiero1 tequiero123 tequieromucho tekiero amor123 amor1234 amormio amorcito
amorcito1 mivida miamor miamor1 corazon corazon1 corazón micorazon cielito micielo princesa
princesa1 princesa123 miprincesa reina1 mireina rey123 principe bonita bonito hermosa hermoso
preciosa precioso bebita bebito bebe123 muñeca muneca chiquita chiquito flaquita gordito negrito
negrita morena moreno gatita gatito perrito perrita mascota lokita loquita locura loco123
diablo1 angelito angelita estrella estrellita lucero lunita sol123 solecito mariposa mariposa1
flores margarita girasol tulipan jazmin violeta azucena primavera verano invierno diciembre
noviembre octubre septiembre agosto febrero martes miercoles jueves viernes sabado domingo
familia familia1 mifamilia mihijo mihija mishijos mama123 papa123 mamita papito mimama mipapa
abuela abuelo hermano hermana amigos amistad siempre juntos felicidad alegria esperanza libertad
paz123 dios123 diosesamor diosmio jesus123 jesucristo cristo bendicion bendecido fe1234 milagro
angel123 espiritu santiago santiago1 alejandro alejandro1 alejandra daniela daniela1 gabriela
gabriel1 fernanda fernando valentina valentin camila camilo sebastian sebastian1 carlos1
carlos123 antonio antonio1 manuel manuel1 jose123 juan123 juanito juancarlos juanpablo pedro123
pablo123 maria1 maria123 mariana mariano marisol maribel mariela marcela marcos marco123 martina
martin1 carolina carolina1 patricia patricio francisco francisca javier javier1 miguel miguel1
miguelangel rodrigo ricardo roberto rafael raul123 ramiro sergio sergio1 david123 diego1 diego10
andres andres1 andrea1 andrea123 adriana adrian adrian1 alberto alfredo alicia alvaro ana123
anabel angeles antonia armando arturo beatriz benito bernardo blanca carmen carmen1 catalina
cecilia claudia claudio cristian cristina daniel123 diana123 eduardo elena123 emilio enrique
esteban eugenia eva123 fabian federico felipe gerardo gloria gonzalo guadalupe guillermo gustavo
hector hugo123 ignacio isabel isabel123 jesica jimena joaquin jorge1 julian julio123 karina
karla123 laura123 leonardo leticia lorena lucia123 luis123 luisfer manolo margarita1 mario123
marta123 mauricio monica monica123 natalia nicolas noelia oscar123 paola123 raquel rebeca
rosa123 samuel1 sandra1 sandra123 sara123 silvia silvia123 sofia123 susana teresa valeria
vanessa veronica victor victor1 ximena yolanda fulanito menganito futbol futbol1 futbol10
futbol11 futbol123 futbolista futbolero jugador golazo gol123 campeon campeón campeones campeon1
ganador ganadora suerte suerte1 lasuerte buenasuerte apuesta apuestas apostar pronostico
pronosticos tipster betting bet365 casino casino1 poker1 millonario dinero dinero1 billete
loteria jackpot magotips magotips1 magotips123 mago123 elmago barcelona barcelona1 barcelona10
barca1 fcbarcelona viscabarca viscaelbarca blaugrana realmadrid realmadrid1 realmadrid7 madrid
madrid1 madrid123 halamadrid madridista merengue atletico atletico1 atleti atleticomadrid
colchonero sevilla sevilla1 sevillafc realbetis valencia valencia1 valenciacf villarreal
realsociedad athletic athleticclub bilbao osasuna deportivo espanyol getafe malaga zaragoza
mallorca granada levante alaves leganes oviedo sporting tenerife laspalmas almeria murcia
messi10 messi123 leomessi lionel lionelmessi cristiano cristiano7 ronaldo ronaldo7 cr7cr7
cristianoronaldo neymar neymar10 neymarjr iniesta casillas raulito torres9 puyol5 pique3 ramos4
benzema zidane ronaldinho maradona maradona10 diego10! pele10 ronaldo9 mbappe vinicius modric
bellingham griezmann suarez9 suarez forlan falcao falcao9 james10 chicharito cuauhtemoc chivas
chivas1 chivas123 america10 americacampeon pumas1 cruzazul tigres rayados monterrey toluca
guadalajara santos necaxa pachuca boca123 bocajuniors boquita riverplate millonarios nacional
nacional1 atleticonacional independiente sanlorenzo racingclub estudiantes penarol colocolo
universidad universitario alianzalima alianza sportingcristal emelec barcelonasc saprissa
alajuelense olimpia comunicaciones mexico mexico1 mexico123 colombia colombia1 argentina
argentina1 peru123 peru1234 chile123 ecuador venezuela uruguay paraguay bolivia honduras
guatemala nicaragua costarica panama cuba123 puertorico dominicana elsalvador españa españa1
espana espana1 españa123 spain1 catalunya catalonia euskadi andalucia galicia asturias
valenciana canarias extremadura castilla cantabria navarra aragon murcia1 sevillano malagueño
madrileño barcelones tortuga tortuguita conejo conejito ositos pollito patito leon123 tigre1
lobito aguila halcon pantera delfin caballo caballos vaquero ranchero charro mariachi tequila
cerveza fiesta bachata reggaeton merengue1 cumbia musica1 cancion guitarra bateria rock123
rockero rockera chocolate123 galleta dulces caramelo fresita manzana naranja platano sandia
pizza123 hamburguesa tortilla paella empanada cafe123 computadora ordenador internet1 portatil
celular telefono teclado usuario usuario1 usuario123 invitado prueba prueba1 prueba123
prueba1234 pruebas temporal temporal1 cambiar cambiame cambiar123 nueva123 nuevo123 acceso
acceso1 entrar entrar1 ingresar bienvenido bienvenida bienvenido1 holamundo1 saludos gracias
porfavor perro1 perros raton1 pajaro pescado mariposas estrellas corazones sentimiento recuerdo
recuerdos lagrimas sonrisa besitos abrazos caricias pasion amante amantes novios esposa esposo
matrimonio casado casada soltero soltera 19701970 19801980 19901990 20002000 20102010 abc123456
abc1234 abcd123 abcde12345 abc123abc aaa111 aaa123 qaz123 wsx123 zxc123 zxcv1234 asd123
asd123456 asdf123 asdfg123 qwe12345 qwert123 12qwaszx 1qa2ws3ed q2w3e4r5 qwerty11 qwerty321
123qwerty qwertyqwerty 123456qwerty 1q1q1q1q 1a1a1a 1z2x3c4v 12qw12qw qw123456 azsxdcfv
qazwsxedcrfv 1qaz2wsx3edc4rfv 147896325 159632 147896 123698745 1236987 741236985 852963 963852
369258147 258369 123456987 121212a 123a123 a1234567 a12345678 a123456789 asdfasdf asdf12 asdfjkl
asdfjkl; jkl123 1234asdf 12345qwert 12345asdf 12345qwerty 1234zxcv qazxswedc trustno one1234
boomer1 mustang123 matthew123 jordan123 ranger1 thunder123 killer1 killer123 hammer1 rocket1
silver123 golden123 diamond123 monster1 spider1 lucky1 lucky7 lucky123 lucky777 winner winner1
champion champion1 victory legend legend1 hero123 ninja1 samurai warrior1 knight1 viking pirate
cowboy1 indian soldier sniper assassin killer12 hacker hacker1 h4ck3r matrix2 agent007 bond007
james007 007007 jamesbond dragon69 sexy69 69696969a hotdog hotdog1 bigboy bigman bigmac bigbird
boobies maxwell maximus maxima max123 jake123 buddy1 buddy123 rocky1 bandit bandit1 shelby
shelby1 dakota1 sierra sierra1 alpha1 omega1 apollo athena hercules spartan trojan python
javascript coding developer programmer monkey7 asshole1 letmein! abcd!234 qwerty! password1!
1q2w3e! iloveyou. p@ssw0rd1 p4ssw0rd passw0rd! admin!
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** Case-insensitive, and the same for a composed or decomposed "ñ". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.normalize('NFC').toLowerCase());
}

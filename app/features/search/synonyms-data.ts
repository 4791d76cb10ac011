/**
 * Equivalent terms shipped with Teca: one group per line, terms separated by
 * commas — Italian, English and French names of places, techniques,
 * materials, subjects and artists, and British/American spellings. A site
 * adds its own in files of the same form (and SKOS thesauri) in the
 * directory SEARCH_SYNONYMS_DIR (README); the taxonomy's tag names in
 * several languages count as equivalents too. Matching folds case and
 * accents. A term's expansions rank below the term itself.
 */
export const SHIPPED_SYNONYMS = `
# places
venezia, venice, venise, venedig
firenze, florence, florenz
roma, rome, rom
napoli, naples, neapel
milano, milan
torino, turin
genova, genoa, gênes
mantova, mantua, mantoue
padova, padua, padoue
verona, vérone
siena, sienne
pisa, pise
bologna, bologne
ravenna, ravenne
assisi, assise
palermo, palerme
messina, messine
siracusa, syracuse
pompei, pompeii, pompéi
ercolano, herculaneum, herculanum
sorrento, sorrente
tivoli
vesuvio, vesuvius, vésuve
etna
tevere, tiber, tibre
alpi, alps, alpes
sicilia, sicily, sicile
sardegna, sardinia, sardaigne
toscana, tuscany, toscane
lombardia, lombardy, lombardie
piemonte, piedmont, piémont
campania, campanie
lazio, latium
umbria, ombrie
liguria, ligurie
calabria, calabre
puglia, apulia, pouilles
italia, italy, italie
francia, france
inghilterra, england, angleterre
gran bretagna, great britain, grande bretagne
scozia, scotland, écosse
galles, wales, pays de galles
irlanda, ireland, irlande
germania, germany, allemagne
svizzera, switzerland, suisse
spagna, spain, espagne
grecia, greece, grèce
egitto, egypt, égypte
olanda, holland, hollande, paesi bassi, netherlands, pays bas
londra, london, londres
parigi, paris
lago di como, lake como, lac de côme
lago maggiore, lake maggiore, lac majeur
lago di garda, lake garda, lac de garde
campagna romana, roman campagna, campagne romaine
# techniques and materials
acquerello, watercolour, watercolor, aquarelle
olio, oil, huile
olio su tela, oil on canvas, huile sur toile
olio su tavola, oil on panel, oil on wood, huile sur bois, huile sur panneau
tela, canvas, toile
tavola, panel, panneau
tempera, détrempe
affresco, fresco, fresque
incisione, engraving, gravure
acquaforte, etching, eau forte
litografia, lithograph, lithography, lithographie
xilografia, woodcut, woodblock, gravure sur bois
mezzatinta, mezzotint, manière noire
acquatinta, aquatint, aquatinte
puntasecca, drypoint, pointe sèche
serigrafia, screenprint, screen print, sérigraphie
matita, pencil, crayon
grafite, graphite
carboncino, charcoal, fusain
gessetto, chalk, craie
inchiostro, ink, encre
penna, pen, plume
pastello, pastel
guazzo, gouache
carta, paper, papier
pergamena, parchment, vellum, parchemin, vélin
fotografia, photograph, photography, photographie
stampa, print, estampe
disegno, drawing, dessin
dipinto, painting, peinture
scultura, sculpture
bronzo, bronze
marmo, marble, marbre
terracotta, terre cuite
legno, wood, bois
argento, silver, argent
ferro, iron, fer
ceramica, ceramic, ceramics, céramique
porcellana, porcelain, porcelaine
maiolica, majolica, maiolica, majolique
vetro, glass, verre
avorio, ivory, ivoire
seta, silk, soie
lana, wool, laine
# subjects
ritratto, portrait
autoritratto, self portrait, autoportrait
paesaggio, landscape, paysage
veduta, view, vue
natura morta, still life, nature morte
marina, seascape, marine
chiesa, church, église
cattedrale, duomo, cathedral, cathédrale
ponte, bridge, pont
fiume, river, rivière, fleuve
mare, sea, mer
montagna, mountain, montagne
lago, lake, lac
porto, harbour, harbor, port
rovine, ruins, ruines
tempio, temple
castello, castle, château
giardino, garden, jardin
donna, woman, femme
uomo, man, homme
bambino, child, enfant
madonna, virgin, vierge
crocifissione, crucifixion
annunciazione, annunciation, annonciation
cavallo, horse, cheval
nave, ship, navire
barca, boat, bateau
gondola, gondole
canale, canal
colonna, column, colonne
arco, arch, arc
fontana, fountain, fontaine
anfiteatro, amphitheatre, amphitheater, amphithéâtre
teatro, theatre, theater, théâtre
# spelling variants
colour, color, colore, couleur
grey, gray, grigio, gris
centre, center, centro
# artists' name forms
tiziano, titian, titien
raffaello, raphael, raphaël
michelangelo, michel ange
leonardo da vinci, leonardo, léonard de vinci
caravaggio, caravage
tintoretto, tintoret
veronese, véronèse
piranesi, piranèse
correggio, corrège
parmigianino, parmesan
guercino, guerchin
domenichino, dominiquin
carracci, carrache
giotto
botticelli
`;

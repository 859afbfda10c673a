"""The held-out queries of the search-quality benchmark: written after the matcher, round by round.

`queries.py`'s 82 queries were in view while the rules of `phrases.py` were
written, so their 100 % says only that none of them is missed. These were
written afterwards (issue 33, item 5), the way people ask an assistant:
typos, room and device in any order, aliases, French and Japanese, plurals,
"the lamp next to the bed", command words ("turn on"), floor words
("upstairs lights"). Their figures are printed apart: they are the honest
estimate of how the search does on queries nobody tuned it for.

Each query names every entity a person could mean by it (`expected` and
`also`; "upstairs lights" means any light upstairs): it is a hit at k when
one of them is in the first k rows. Every id was checked against the
houses' real entities, and `check` refuses a run where one is missing.

Round 1 (`DEMO_HELD_OUT`, `BENCH_HELD_OUT`) was run before the floor words
and the rules that followed it, and those rules were then written with its
failures in view: since, it is no longer unseen. Round 2 (`DEMO_HELD_OUT_2`,
`BENCH_HELD_OUT_2`) was written after them and recorded as it first ran.
Do not tune the matcher on either: when one fails, fix the rule only if the
fix is general, and say so in `bench/RESULTS.md` when it is not; then write
a new round for the next honest figure.

Round 3 (`DEMO_HELD_OUT_3`, `BENCH_HELD_OUT_3`, 30 queries) was written by
someone who had not seen the matcher, its rules, its tests or the earlier
rounds' failures, and recorded as it first ran; it adds command phrasing
("is the garage open") and descriptions by purpose ("the thing that waters
the garden") as kinds of their own.

Round 4 (`DEMO_HELD_OUT_4`, `BENCH_HELD_OUT_4`, 30 queries) was written the
same way, unseen: by someone who had not read the matcher, its rules, its
tests or any round's results, from the houses' real entities only
(`script/demo_setup.py`, `script/demo_config/`, the demo integration's
entities, and `bench_house`'s plan at the seed and size round 3 names). It
adds Spanish and German beside French and Japanese, questions about state
("did I leave the front door unlocked"), several typos in one query and
purposes told by what a person wants ("something to cool down the bedroom").

Round 5 (`DEMO_HELD_OUT_5`, `BENCH_HELD_OUT_5`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its rules, its
tests, any round's results or the changelog, from the houses' real entities
only (`script/demo_setup.py`, `script/demo_config/`, the demo integration's
entities, and `bench_house`'s plan of 97 entities at seed 2026, which tops the
house up to 120). It adds Italian and Dutch, dimming ("dim the cinema"),
vague references ("the big light in the lounge", "the thing in the hall"),
British words ("bedroom telly"), abbreviations ("CO level") and sensors
asked for by a floor ("basement temperatures").

Round 6 (`DEMO_HELD_OUT_6`, `BENCH_HELD_OUT_6`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests or any round's results, from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, and `bench_house`'s
plan of 97 entities at seed 2026). It adds Polish, Swedish and Portuguese,
a German floor word that is no alias ("Obergeschoss"), weather questions
("is it humid outside?"), purposes told by a feeling or a place ("it's
freezing in the living room", "a light for the stairs"), and rooms named by
what they hold ("spotlights by the front door"). As first run: 66.7 % at 1
and 66.7 % at 3 (demo 60.0 %, `bench_house` 73.3 %, the same at 1 and 3);
each of its ten misses found no entity at all.

Round 7 (`DEMO_HELD_OUT_7`, `BENCH_HELD_OUT_7`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors, `script/demo_setup.py`, and
`bench_house`'s plan of 97 entities at seed 2026). It adds state questions
about things that are neither open nor on ("is the lawn mower docked?"),
purposes told by an effect ("something to dry out the air", "keep the sun out
of the master bedroom", "is the ensuite steamy?"), a one-word Japanese device
("芝刈り機"), a German floor word in a German query ("Steckdosen im Keller",
"Fenster im Erdgeschoss"), Swedish definite forms ("taklampan i gymmet") and a
room named by its furniture ("light over the dining table"). As first run:
73.3 % at 1 and 83.3 % at 3 (demo 73.3 % and 80.0 %, `bench_house` 73.3 % and
86.7 %); five of its eight misses at 1 are not in the first three either.
Its misses were then fixed (`bench/RESULTS.md`, "Round 7's misses fixed"):
like rounds 1 to 6, it is no longer unseen; the next honest figure is a
round 8.

Round 8 (`DEMO_HELD_OUT_8`, `BENCH_HELD_OUT_8`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors, `script/demo_setup.py`, and
`bench_house`'s plan of 97 entities at seed 2026). It adds voice-assistant
phrasing as a kind of its own ("hey, could you turn off the fan in the living
room?", "alexa, switch on the christmas lights in the kitchen", "ok google,
put some music on in the wine cellar"), Dutch and more Swedish ("de verwarming
in de woonkamer", "är garageporten öppen?", "fläkten i hemmabion"), a Japanese
room alias with a device no room holds ("玄関の鍵"), purposes told by a lack or
a need ("the air is too dry", "I can't see a thing in the pantry", "charge my
phone in the storage room", "what's our power draw right now?"), British and
family words for rooms ("the loo", "the baby's room", "cellar" in a house with
no basement floor), a French abbreviation with a floor word ("la clim à
l'étage") and a floor question about sensors ("what's the temperature
upstairs?"). As first run: 63.3 % at 1 and 80.0 % at 3 (demo 66.7 % and
86.7 %, `bench_house` 60.0 % and 73.3 %). Of its eleven misses at 1, six are
not in the first three and five of those found no entity meant at all (two
found no rows at all); one, "Feierabend im Büro", came second after the scene
of the same name, which a person could mean as well (scenes are not among the
domains a query may name).

Round 9 (`DEMO_HELD_OUT_9`, `BENCH_HELD_OUT_9`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds Italian, Polish and Swedish words no alias holds ("la tapparella della
camera matrimoniale", "temperatura na zewnątrz", "uttaget i bastun": the
sauna's socket), a Dutch room no alias holds ("het slot van de stookruimte"),
German state questions ("Ist die Haustür abgeschlossen?"), a German floor
word with a German device ("Licht im Erdgeschoss"), Siri's phrasing with a
set point ("siri, set the bedroom air conditioning to 20 degrees"), purposes
told by a chore or a wish ("something to dry the laundry", "let some fresh
air into the kitchen", "too dark to read in the study", "does the gym sensor
need new batteries?", "is it damp in the guest toilet?"), a Japanese device
in katakana with a room no alias holds ("オフィスのエアコン") and an alias
from a neighbouring word ("front lawn sprinklers"). As first run: 86.7 % at 1
and 90.0 % at 3 (demo 86.7 % and 93.3 %, `bench_house` 86.7 % and 86.7 %).
Of its four misses at 1, three are not in the first three: "something to dry
the laundry" found no rows at all, "la tapparella della camera matrimoniale"
came fifth after the other covers and "uttaget i bastun" eighth after the
other switches; "temperatura na zewnątrz" came third, after
`binary_sensor.outside_temperature_battery_charging` and
`number.temperature_setting`. Its misses were then fixed by mechanisms
(100 % at 1 and at 3 after, bench/RESULTS.md): round 9 is no longer unseen.

Round 10 (`DEMO_HELD_OUT_10`, `BENCH_HELD_OUT_10`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds German compound words ("Ist das Küchenfenster zu?"), one-word devices
in Spanish and Japanese that no alias holds ("el cortacésped", "除湿機"), a
French state question about a lock ("la porte de la cuisine est-elle
verrouillée ?"), Italian, Dutch and Polish rooms no alias holds ("i faretti
dell'ingresso", "het raam op de overloop", "roleta w kotłowni"), a Japanese
quantity with a room alias ("書斎の明るさ": the office's illuminance), a
scene asked for by its purpose ("set the living room up for a film"), a
script by voice ("hey siri, run welcome home"), meters by what they count
("how much gas have we used?"), occupancy and motion questions ("hey siri,
is anyone in the dressing room?", "any motion in the guest toilet?") and a
plug called a switch ("the library switch"). As first run: 76.7 % at 1 and
86.7 % at 3 (demo 66.7 % and 80.0 %, `bench_house` 86.7 % and 93.3 %); all
seven misses at 1 are language or purpose queries. Three are not in the first
three at all: "set the living room up for a film" found the living room's
media player and fan but not `scene.movie_time`, "el cortacésped" and "除湿機"
found no rows at all; "書斎の明るさ" came sixth after the office's door and
motion sensors. Three came second or third after their neighbours of the same
domain: "la porte de la cuisine est-elle verrouillée ?" second after
`lock.front_door`, "roleta w kotłowni" second after `cover.blind_1`, "Ist das
Küchenfenster zu?" third after `cover.garage_door` and `cover.hall_window`.

Round 11 (`DEMO_HELD_OUT_11`, `BENCH_HELD_OUT_11`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds Polish, Swedish and Dutch words no alias holds ("wentylator w
sypialni", "är ytterdörren låst?": is the front door locked, "de
luchtontvochtiger": the dehumidifier, "światło w spiżarni": the pantry's
light), a Japanese command with a room no alias holds ("ガレージのドアを閉めて"),
a French chore with a place ("arrose le verger": the orchard), an Italian
device and room ("la cassa in soggiorno": the living room's speaker), a German
room alias with a German device ("Licht im Treppenhaus"), a Japanese device
told by where it hangs ("ジムの天井の電気"), purposes told by a feeling, a
quantity or a wish ("I need a breeze in the living room", "how much
electricity have we used in total?", "is the sauna hot yet?", "how bright is
it in the dining room?", "keep the sunlight off the wine"), state questions
about a climate's mode and motion ("is the heat pump heating?", "any movement
in the bathroom?"), a floor question about windows of two domains ("are any
windows open upstairs?") and a plural meaning every lock ("which doors are
unlocked?"). As first run: 86.7 % at 1 and 93.3 % at 3 (demo 86.7 % and
93.3 %, `bench_house` 86.7 % and 93.3 %); all four misses at 1 are language
queries (the other kinds: 21 of 21 at 1). Two are not in the first three at
all: "är ytterdörren låst?" found three backup sensors first
(`sensor.backup_last_attempted_automatic_backup`, ...) and not
`lock.front_door` in its ten rows, "światło w spiżarni" found the other
lights (`light.bedroom_2_spots_1`, `light.ceiling_light_1`,
`light.cinema_ceiling_light_1`) and not `light.pantry_ceiling_light_1` in its
ten rows. Two came second or third: "la cassa in soggiorno" second after
`light.living_room_ceiling_light_1`, "arrose le verger" third after
`valve.back_garden` and `valve.front_garden`.

Round 12 (`DEMO_HELD_OUT_12`, `BENCH_HELD_OUT_12`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds Chinese and Korean ("客厅的灯": the living room's light, "침실 선풍기":
the bedroom fan, "거실 스피커": the living room speaker, "健身房的灯": the gym's
lights), a Chinese floor word ("楼上的灯": the lights upstairs), a Japanese
quantity told by a place no alias holds ("外の気温": the temperature outside),
Portuguese, Italian, Spanish and German rooms or devices no alias holds ("a
tomada da sauna": the sauna's socket, "è chiusa a chiave la porta della
cucina?", "¿hay alguna ventana abierta en el baño?", "Ist das Licht in der
Speisekammer an?", "Läuft der Rasenmäher gerade?"), two typos in one query
("trun off the livign room fan", "boilr room blnd"), state questions about
what someone left ("did I leave the storage room plug on?"), purposes told by
the weather or a feeling ("it's muggy in here", "keep the rain off the
patio", "it's too sunny in the garden", "is the guest room warm enough?"),
voice phrasing with no device's name ("siri, warm up the living room a bit",
"hey google, stop the music in the kitchen"), names a family uses ("the fairy
lights": the kitchen's decorative lights, "the movie room lights": the
cinema's), a floor question about motion ("any motion downstairs?") and
plurals asking a state ("which thermostats are heating?"). As first run:
63.3 % at 1 and 63.3 % at 3 (demo 46.7 %, `bench_house` 80.0 %, the same at
1 and 3); all eleven misses are language, purpose, alias or floor queries
(typo, voice, command and plural: 12 of 12). Ten are not in the ten rows at
all, and five of those found no rows at all: the four Chinese and Korean
queries of the two houses' rooms ("客厅的灯", "침실 선풍기", "거실 스피커",
"健身房的灯") and "楼上的灯". "it's muggy in here" found only
`sensor.outside_humidity`, "keep the rain off the patio" only
`number.large_range` and `number.small_range`, "è chiusa a chiave la porta
della cucina?" only `cover.kitchen_window`, "the movie room lights" only
`light.living_room_ceiling_light_1`, and "the fairy lights" the demo's six
lights (`light.ceiling_lights` first) but not `switch.decorative_lights`.
"外の気温" came fifth, after `binary_sensor.movement_backyard`,
`binary_sensor.outside_temperature_battery_charging`, `cover.pergola_roof`
and `sensor.outside_humidity`. Its misses were then fixed by mechanisms (100 %
at 1 and at 3 after, bench/RESULTS.md, "Round 12's misses fixed by
mechanisms"): round 12 is no longer unseen.

Round 13 (`DEMO_HELD_OUT_13`, `BENCH_HELD_OUT_13`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds voice commands and questions in German and Japanese, three with a
room no alias holds ("Alexa, dreh die Heizung im Wohnzimmer auf", "OK
Google、リビングの電気を消して", "Alexa, schalte die Steckdose im Wohnzimmer ein",
"Siri, wie warm ist es in der Sauna?"), typos that are words themselves
("close the kitchen widow", "wine seller speaker"), two typos in one query
("is the frontdoor lokced?": a missing space and two letters swapped, "mastr
bedroom shdae"), French typed without its accents ("lumiere de
l'entree"), Korean and Chinese commands and questions ("침실 에어컨 꺼줘": turn off
the bedroom's air conditioning, "车库门关了吗": is the garage door closed, "욕실 창문
열려 있어?": is the bathroom window open, "书房的台灯": the study's desk lamp),
Portuguese and Italian rooms no alias holds ("apaga a luz do escritório", "o
termostato do closet": the dressing room's, "accendi la lampada in palestra"),
floor words no alias holds in Italian and Japanese ("spegni le luci al piano di
sopra", "地下の照明": the basement's lights), a set point with no device's name
("make it 22 degrees in the office"), state questions about what someone left
("did I forget to lock the back door?", "did the kids leave the playroom window
open?"), purposes told by a chore, a meal, a nap or a wish ("the grass is
getting long", "dinner's ready, light up the table", "the toddler's napping,
switch off the nursery", "is the wine cellar cool enough?"), names a family
uses ("the porch light": the entrance's, "the big TV", "the downstairs loo
light") and plurals of a kind across the house ("turn off all the fans", "turn
off all the lamps"). As first run, on the matcher after round 12's fixes
(7b0060b; round 13 was written before them and not shown to whoever made
them): 70.0 % at 1 and 83.3 % at 3 (demo 60.0 % and 86.7 %, `bench_house`
80.0 % and 80.0 %); five of its nine misses at 1 are not in the first three
either (`bench/RESULTS.md`, "Round 13, written unseen, as first run"). Its
misses were then fixed by mechanisms (100 % at 1 and at 3 after,
bench/RESULTS.md, "Round 13's misses fixed by mechanisms"): round 13 is no
longer unseen.

Round 14 (`DEMO_HELD_OUT_14`, `BENCH_HELD_OUT_14`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds Russian ("температура в кабинете": the office's or the study's
temperature, "кабинет" meaning either), a speech-to-text mishearing ("close
the garbage door": the garage door), a phonetic spelling ("bathroom moshun
sensor") and a typo that is a word ("turn of the gym lites"), Spanish,
Portuguese, Italian, Japanese, Chinese and Korean rooms no alias holds
("enciende la luz del dormitorio", "desliga o ventilador da sala": the living
room's fan, "c'è movimento in ufficio?", "トイレの電気消して": the guest toilet's
light, "前门锁了吗": is the front door locked, "부엌 창문 닫아줘": close the kitchen
window, "¿cuánta luz hay en el comedor?": the dining room's illuminance),
colloquial floor words no alias holds in German and Spanish ("alle Lichter
unten ausschalten", "las luces de arriba"), voice phrasing with a volume, a
level or a question about a room's sensor ("hey google, turn the music down in
the bedroom", "hey google, dim the landing light to 30 percent", "alexa, is
anybody in the back yard?"), state questions about what someone left or
changed ("did I leave the AC running in the office?", "did someone switch the
humidifier off?" in a house with a dehumidifier and a hygrostat beside it, "is
the dressing room window still open?"), purposes told by a symptom or a
comparison ("the grass out front is turning brown", "there's glare on the TV
in the lounge", "the neighbours can see right into the master bedroom", "which
room uses the most electricity?"), rooms a family names by what they hold or a
British word ("the TV room light", "box room plug", "how warm is the spare
room?") and plurals asking a state or an errand across the house ("which
lights are still on?", "close all the blinds before we leave"). As first run,
on the matcher after round 13's fixes (cc64fc5; round 14 was written before
them and not shown to whoever made them): 73.3 % at 1 and 83.3 % at 3 (demo
73.3 % and 93.3 %, `bench_house` 73.3 % and 73.3 %) (`bench/RESULTS.md`,
"Round 14, written unseen, as first run"). Its misses were then fixed by
mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 14's misses
fixed by mechanisms"): round 14 is no longer unseen.

Round 15 (`DEMO_HELD_OUT_15`, `BENCH_HELD_OUT_15`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds words for a room or a device that no alias holds, in English and in
other languages ("it's stuffy in the home theater": the cinema's fan, "the
kids' room": Bedroom 2, "車庫のシャッター閉まってる？": the garage door, "sube la persiana
del salón", "¿está cerrada con llave la sala de calderas?", "abbassa il
riscaldamento in camera": the bedroom's Hvac), German compounds of a room and
a thing ("Flurlampe einschalten", "Ist der Rollladen im Elternschlafzimmer
unten?", "Ist der Rasensprenger im Vorgarten an?"), Chinese and Korean
commands with a colloquial word ("把客厅的插座关掉", "서재 스탠드 켜줘": the study's lamp,
"현관 불 켜줘": the entrance light), two typos in one query ("mood lites in the
loungue", "pantery ligth", "is the dehumidifer runnig?"), voice phrasing with
a routine, a track or a position ("alexa, good night": every bedtime script
and scene, "alexa, skip this song in the lounge", "hey siri, open the boiler
room blind halfway", "ok google, close the blinds in the kitchen": its window,
a cover), state questions about what someone left ("did the kids leave the
bedroom fan running?", "did I leave a light on in the gym?"), purposes told by
a need or a symptom ("do I need a jacket?": the outside temperature, "the
plants out back are thirsty", "someone's at the door, let them in", "the wine
is getting too warm"), floor words in Portuguese and Italian and a floor asked
for a measure ("apaga as luzes do andar de cima", "le temperature al piano
terra", "how humid is it upstairs?") and plurals across the house ("stop all
the music", "which batteries are low?"). As first run, on the matcher after
round 14's fixes (8f43b98; round 15 was written after them without seeing
them): 70.0 % at 1 and 83.3 % at 3 (demo 73.3 % and 73.3 %, `bench_house` 66.7
% and 93.3 %) (`bench/RESULTS.md`, "Round 15, written unseen, as first run"). Its
misses were then fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md,
"Round 15's misses fixed by mechanisms"): round 15 is no longer unseen.

Round 16 (`DEMO_HELD_OUT_16`, `BENCH_HELD_OUT_16`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, `script/demo_config/`, and `bench_house`'s plan of 97
entities at seed 2026). It adds typos a phone's keyboard or its speech to text
makes ("close the pergols roof": a neighbouring key, "set the hydrostat to 45
percent": a real word heard for the hygrostat, "landign windwo", "is the
stoarge plug on?"), English mixed into Spanish ("prende las lights de la
cocina"), voice phrasing in Spanish and German ("Oye Siri, enciende el
ventilador del dormitorio", "Hey Google, wie warm ist es im Gästezimmer?": the
guest room's temperature), a routine named loosely ("alexa, movie night"), a
set point in words ("ok google, set the office to twenty one degrees"), a
floor word by voice ("alexa, stop the music downstairs"), state questions
about a mower's dock, a door, a light and plugs ("has the mower gone back to
its dock?", "is the kitchen door still unlocked?", "is the garden light still
on?", "which plugs are on?"), purposes told by safety, a habit or a moment
("is the kitchen air safe?", "I want to read in bed", "warm up the sauna",
"the film's starting, kill the lights in the cinema"), names a family uses
("Dad's office lamp", "the workout room lights"), Chinese, Korean, Japanese,
Spanish and Portuguese rooms or devices no alias holds ("花园的洒水器开着吗": are
the garden sprinklers on, "가습기 좀 켜줘": the humidifier, "와인 저장고 블라인드
내려줘": the wine cellar's shade, "子供部屋の電気を消して": the nursery's relay or
the kids' bedroom's spots, "¿está encendida la luz del pasillo?", "fecha a
persiana do quarto"), floor words no alias holds in Spanish and Chinese
("¿hace frío en la planta baja?": the heat pump, "地下室的温度": the basement's
temperatures), a floor asked for its locks ("are the basement doors locked?")
and a plural errand outside ("shut off all the water outside"). As first run,
on the matcher after round 15's fixes (1809f8e; round 16 was written after them
without seeing them): 70.0 % at 1 and 83.3 % at 3 (demo 53.3 % and 80.0 %,
`bench_house` 86.7 % and 86.7 %) (`bench/RESULTS.md`, "Round 16, written unseen,
as first run"). Its misses were then fixed by mechanisms (100 % at 1 and at 3 after,
bench/RESULTS.md, "Round 16's misses fixed by mechanisms"): round 16 is no longer
unseen.

Round 17 (`DEMO_HELD_OUT_17`, `BENCH_HELD_OUT_17`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds a phone's autocorrect turning a word into another real word ("turn on
the kitchen lifts"), two typos in one short command ("open the garge dorr",
"tun on the hal lamp", "swich off the landing lihgt"), voice phrasing in
Italian and German with a room no alias holds ("Ehi Google, accendi le luci in
cucina", "Alexa, mach die Lampe in der Diele aus": the hall's lamp), voice
phrasing about a speed or a volume ("alexa, speed up the fan in the bedroom",
"ok google, volume up in the wine cellar"), a Korean floor word ("2층 조명
꺼줘": the lights upstairs), a Polish floor word ("temperatura na piętrze":
the temperatures upstairs), Italian, Japanese, Chinese, Portuguese, Korean
and Spanish rooms or devices no alias holds ("キッチンの窓を閉めて",
"卧室的空调开着吗": is the bedroom's air conditioning on, "a rega do pomar está
ligada?": the orchard's watering,
"놀이방 창문 열려 있어?": the playroom's windows, "酒窖的音箱在放音乐吗": the wine
cellar's speaker, "apaga el ventilador del cine", "la luce della dispensa è
accesa?": the pantry's light), state questions about what is playing, set or
left on ("is anything still playing in the living room?", "what's the heat
pump set to?", "did someone leave the ensuite lamp on?"), purposes told by a
car, a headache, the heat at night or a workout ("let the car in": the garage
door or its scene, "I've got a headache in the office, is the air stale?",
"it's too hot to sleep", "I'm about to lift weights, get the lights on"),
names a family uses ("the party lights in the lounge", "Granny's room
humidity": the guest room's, "is the heating on in the walk-in closet?": the
dressing room's thermostat), a ground floor asked for its windows ("is any
window open on the ground floor?") and plurals of a kind or an errand across
the house ("hey google, lock all the doors", "turn off all the ceiling
lights"). As first run,
on the matcher after round 16's fixes (3f84cc9; round 17 was written after them
without seeing them): 80.0 % at 1 and 83.3 % at 3 (demo 86.7 % and 93.3 %,
`bench_house` 73.3 % and 73.3 %) (`bench/RESULTS.md`, "Round 17, written unseen,
as first run"). Its misses were then fixed by mechanisms (96.7 % at 1 and at 3 after,
bench/RESULTS.md, "Round 17's misses fixed by mechanisms"; "Granny's room humidity",
a family's name for the guest room that no alias holds, left as it is): round 17 is
no longer unseen.

Round 18 (`DEMO_HELD_OUT_18`, `BENCH_HELD_OUT_18`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds Vietnamese, Danish, Turkish and Hinglish, which no round had asked in,
and Russian again ("включи свет на кухне": turn on the light in the kitchen,
"đóng cửa gara": close the garage door, "er vinduet i badeværelset åbent?": is
the bathroom's window open, "salondaki prizleri kapat": turn off the plugs in
the living room, "bedroom ka fan band karo": turn off the bedroom's fan,
"выключи вентилятор в кинозале": the cinema's fan), a Korean device in hangul
with a room no alias holds ("정원 스프링클러 꺼줘": turn off the garden's sprinklers),
American names for rooms no alias holds ("the fan in the family room", "primary
bedroom blinds", "powder room light": the guest toilet's, "the den lamp": the
study's), a room written as one word or two ("turn on the bed room lamp",
"lower the winecellar shade"), the names a caller writes in the shape of an
entity id ("bedroom_fan", "study_humidity"), a phonetic typo ("turn off the
sawna plug"), two things asked in one command ("close the kitchen window and
lock the kitchen door", "switch off the lamp and the ceiling light in the
gym"), a comparison of two rooms ("is the sauna hotter than the gym?"), a
family's nickname for a device ("is the robot back in the garage?": the lawn
mower), a state question about a roof ("did we leave the pergola open?"), floor
words in German, Portuguese and Italian ("Ist oben noch Licht an?", "as luzes
do porão estão acesas?": the basement's lights, "abbassa le tapparelle al primo
piano"), voice phrasing about a feeling of light ("hey google, it's too bright
in the dining room"), purposes told by the weather or a visit ("it's pouring,
are the windows shut?", "the guests are arriving, light up the entrance") and
plurals by number or by room ("turn off both humidifiers", "which rooms have a
window open?"). As first run, on the matcher after round 17's fixes (33e41b5;
round 18 was written after them without seeing them): 76.7 % at 1 and 80.0 % at
3 (demo 93.3 % and 93.3 %, `bench_house` 60.0 % and 66.7 %) (`bench/RESULTS.md`,
"Round 18, written unseen, as first run"). Its misses were then fixed by mechanisms
(100 % at 1 and at 3 after, bench/RESULTS.md, "Round 18's misses fixed by mechanisms"):
round 18 is no longer unseen.

Round 19 (`DEMO_HELD_OUT_19`, `BENCH_HELD_OUT_19`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds a German compound device with a German room ("Mach den
Deckenventilator im Schlafzimmer an": the bedroom's ceiling fan), Italian,
Spanish, Portuguese, Chinese, Korean and Japanese commands and questions with a
room or a device no alias holds ("chiudi la finestra della cucina", "apaga el
deshumidificador", "quanta energia a academia está usando?": the gym's power,
"把厨房的灯打开": turn on the kitchen's lights, "차고 문 닫아줘": close the garage
door, "ワインセラーの音楽を止めて": stop the wine cellar's music, "书房的湿度是多少":
the study's humidity), a German room alias in a German question ("Wie feucht
ist es im Esszimmer?"), floor words no alias holds in Japanese and Korean
("1階の電気を全部消して": every light on the ground floor, "지하실 조명 다 꺼줘": the
basement's lights), two typos in one command ("tunr on the celing fan", "close
the front gardn sprinkers", "turn on the cinmea fna", "raise the gardn bilnd"),
a speech-to-text word for a device ("turn on the study lamb"), terse word
order as a person types it ("lights kitchen off", "spots entrance on"), rooms
by another word ("the foyer light": the entrance's, "the games room window":
the playroom's), voice phrasing about a track or a window with a floor word
("ok google, next song on the living room speaker", "hey google, is the toilet
window open downstairs?"), state questions about what someone left ("did I
leave the water on in the garden?", "is the boiler room blind still up?"),
purposes told by a baby's sleep, working from home, daylight or a busy room
("the baby can't sleep, it's too stuffy in the bedroom", "working from home
today, warm up the office", "how much daylight does the office get?", "is
anyone using the bathroom upstairs?") and plurals asking a state ("which fans
are running?", "which speakers are playing?"). As first run, on the matcher after
round 18's fixes (93ac08f; round 19 was written after them without seeing them):
76.7 % at 1 and 86.7 % at 3 (demo 80.0 % and 86.7 %, `bench_house` 73.3 % and
86.7 %) (`bench/RESULTS.md`, "Round 19, written unseen, as first run"). Its misses were
then fixed by mechanisms (96.7 % at 1 and 100 % at 3 after, bench/RESULTS.md, "Round 19's
misses fixed by mechanisms"; "书房的湿度是多少" is left 2nd): round 19 is no longer unseen.

Round 20 (`DEMO_HELD_OUT_20`, `BENCH_HELD_OUT_20`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds two typos beside a real word for another ("turn of the offcie lihgts",
"dim the dinig rom lights", "ensuit lmap on"), a phone's autocorrect turning a
device into another word ("turn off the library delay": the relay), Brazilian
and European Portuguese, Italian, Spanish, German, Japanese, Chinese and Korean
rooms or devices no alias holds ("liga o umidificador", "desliga a tomada do
depósito": the storage room's plug, "spegni il ventilatore in salotto", "¿qué
temperatura hace en el cuarto de invitados?", "¿cuánto gas hemos gastado?", "Wie viel Strom verbraucht das Büro
gerade?", "ダイニングの湿度", "寝室のエアコンを25度にして", "餐厅的灯关了吗": is the dining
room's light off, "洗手间的窗户开着吗": the toilet's window, "잔디깎이 작동 중이야?": is
the lawn mower running, "보일러실 문 잠겼어?": is the boiler room's door locked),
state questions about what someone left ("did anyone leave the window open in
the entryway?", "did someone leave the garden relay on overnight?"), purposes
told by a symptom, a shower or a person's privacy ("is there water on the
cellar floor?", "about to shower, is the bathroom window shut?", "is anyone
getting changed in the dressing room?"), voice phrasing with a genre or a
pause ("alexa, play some jazz in the lounge", "hey siri, pause the TV in the
lounge"), floor words on a kind ("close all the windows on the ground floor",
"switch off the basement plugs"), plurals across the house ("pause everything
that's playing", "close all the shades": blinds too), names a family uses
("open the patio roof": the pergola, "the upstairs hallway light": the
landing's) and a set point typed tersely ("heatpump 21"). As first run, on the
matcher after round 19's fixes (fff1c1a; round 20 was written after them without
seeing them): 76.7 % at 1 and 90.0 % at 3 (demo 80.0 % and 93.3 %, `bench_house`
73.3 % and 86.7 %) (`bench/RESULTS.md`, "Round 20, written unseen, as first run"). Its
misses were then fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round
20's misses fixed by mechanisms"): round 20 is no longer unseen.

Round 21 (`DEMO_HELD_OUT_21`, `BENCH_HELD_OUT_21`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, any round's results or the changelog, from the houses' real entities
only (the running demo's states, areas and floors in every domain,
`script/demo_setup.py`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds two typos on an alias or on a room and a kind ("switch off the moood
ligths", "the carbon monixide in the kichen", "nurserry rleay off", "gest
toilet temprature": the guest toilet's temperatures, one of them in the
pantry), languages no earlier round used (Czech "zamkni přední dveře": the
front door, "rozsviť lampu v pracovně": the study's lamp; Finnish "sytytä
keittiön valot", "sammuta olohuoneen pistorasiat": the living room's plugs;
Indonesian "matikan lampu ruang makan": the dining room's light), Mexican
Spanish ("prende el foco del gimnasio": a bulb, the gym's lights), a German
compound beside its alias ("Ist im Ankleidezimmer jemand?"), Japanese and
traditional Chinese rooms or devices no alias holds ("芝生に水をまいて": water
the lawn, "シアタールームの扇風機を止めて": the cinema's fan, "把卧室的床头灯关掉":
the bedside lamp, "把主臥室的窗簾拉上": the master bedroom's shade), German
weather ("Wie warm ist es draußen?"), state questions about what someone left
("did I leave the lights on in the office?", "did the kids leave the playroom
window open?"), purposes told by what a thing protects ("too much sun on the
terrace": the pergola's roof, "is the wine getting too warm?"), voice phrasing
with a comparative ("hey siri, make the entrance lights brighter", "hey
google, make it warmer in the walk-in wardrobe": the dressing room's
thermostat), floor words on a plural or a question ("set the upstairs
thermostats to 19", "are any lights still on on the first floor?"), plurals
across the house ("mute all the speakers", "are all the doors locked?": the
one lock, or the office's door sensor), names a family uses ("the study
light": the office's, "the snug speaker": the living room's) and terse
queries with the device or kind first ("window hall shut", "temp sauna"). As
first run, on the matcher after round 20's fixes (4a343c0; round 21 was written
after them without seeing them): 73.3 % at 1 and 76.7 % at 3 (demo 66.7 % and
73.3 %, `bench_house` 80.0 % and 80.0 %) (`bench/RESULTS.md`, "Round 21, written
unseen, as first run"). Its misses were then fixed by mechanisms (100 % at 1 and at 3
after, bench/RESULTS.md, "Round 21's misses fixed by mechanisms"): round 21 is no longer
unseen.

Round 22 (`DEMO_HELD_OUT_22`, `BENCH_HELD_OUT_22`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only this
docstring's account), from the houses' real entities only (the running demo's
states, areas and floors in every domain, `script/demo_setup.py`, and
`bench_house`'s plan of 97 entities at seed 2026). It adds two typos on a sensor
or with a device's number ("outsde temprature", "switch on the oficce air
conditionner": the AC plug or the Ecobee, "bathrom motoin", "livng room plgu
2"), Dutch as whole sentences where earlier rounds had noun phrases ("is de
keukendeur op slot?": a compound of room and door, "zet het stopcontact in de
sauna aan"), Spain's word for a roller blind ("baja el estor del cuarto de
calderas"), colloquial German ("Wie hell ist es im Gästeklo?": the guest
toilet's illuminance, "Dreh die Musik in der Küche leiser") and a terse German
query on a floor ("Erdgeschoss Heizung aus": the heat pump), rooms and doors no
alias holds in Japanese, Chinese and Korean ("果樹園の水やりを止めて": the orchard,
"踊り場の電気ついてる？": the landing's light, "更衣室的窗户开着吗": the dressing room's window,
"헬스장 불 꺼줘": the gym's lights, "后院有人吗": the backyard's motion, "현관문 잠가줘": the
front door), Italian ("quanta corrente stiamo consumando?": the power
consumption, "accendi il relè del giardino"), purposes told by the evening ("I'm
off to bed, is everything locked up?": the locks, the doors' summary or the
garage door, "how long until the sun goes down?": the sun's next setting or
dusk, "I left my phone charging in the living room": its plugs), state questions
("did I leave the entrance lights on?", "is the master bedroom shade still
open?"), voice phrasing with a number ("hey google, set the dehumidifier to 50
percent", "alexa, dim the spots in bedroom two": the room's number as a word), a
floor word on a comfort question ("is it warm enough on the first floor?": its
temperatures and thermostat), plurals across the house ("are all the garden
valves closed?", "which motion sensors have gone off?") and British room names
no alias holds ("the front room fan": the living room's, "the cloakroom light":
the guest toilet's). As first run, on the matcher after round 21's fixes
(3b81b5e; round 22 was written after them without seeing them): 60.0 % at 1 and
76.7 % at 3 (demo 53.3 % and 80.0 %, `bench_house` 66.7 % and 73.3 %)
(`bench/RESULTS.md`, "Round 22, written unseen, as first run"). Its misses were then
fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 22's misses
fixed by mechanisms"): round 22 is no longer unseen.

Round 23 (`DEMO_HELD_OUT_23`, `BENCH_HELD_OUT_23`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only this
docstring's account), from the houses' real entities only (the running demo's
states, areas and floors in every domain, `script/demo_setup.py`,
`script/demo_config/`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds languages no earlier round used (Norwegian "slå av lyset på
kjøkkenet", Catalan "tanca la finestra de la cuina", Ukrainian "увімкни
вентилятор у вітальні": the living room's fan, Greek "κλείσε το ρολό στο
λεβητοστάσιο": the boiler room's blind, Hungarian "kapcsold le a lámpát a
dolgozószobában": the study's lamp, Taglish "patayin mo yung ilaw sa garden"),
Mexican Spanish ("la recámara principal": the master bedroom), a Japanese room
in katakana no alias holds ("パントリーの電気をつけて"), a German room written
with a hyphen ("Gäste-WC"), a Chinese set point with no room ("把空调调到二十四度":
any air conditioning to 24 degrees), a Korean command ("거실 창문 열어줘": open
the living room window), a brand a person calls a device by ("turn off the
Sonos in the bedroom", "pause the Sonos in the wine cellar"), a room's
abbreviation ("LR fan off": the living room's), a speech-to-text word that is
a real word ("turn off the bad light", "turn on the jim lights") and two typos
on a device and its state or room ("lawn mowr staus", "wine cellr shde"), an
ordinal for a device's number ("hey siri, turn on the second plug in the
living room"), American floor words ("turn off the second floor lights":
upstairs in a house of two floors, "turn off the lights on the main floor":
the ground floor), state questions ("did I leave the TV on?", "did someone
leave the cinema fan on?"), purposes told by a bill, a noise or a queue
("what's our energy bill looking like?", "it's too loud in the lounge", "is
the loo free?"), plurals across the house ("open all the windows", "which
rooms are occupied right now?") and a terse query with dashes and a unit
("thermostat – dressing room – 21°"). As first run, on the matcher after round 22's fixes
(8f5e054; round 23 was written after them without seeing them): 56.7 % at 1 and
80.0 % at 3 (demo 73.3 % and 86.7 %, `bench_house` 40.0 % and 73.3 %)
(`bench/RESULTS.md`, "Round 23, written unseen, as first run"). Its misses were then
fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 23's misses
fixed by mechanisms"): round 23 is no longer unseen.

Round 24 (`DEMO_HELD_OUT_24`, `BENCH_HELD_OUT_24`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only this
docstring's account), from the houses' real entities only (the running demo's
states, areas and floors in every domain, `script/demo_setup.py`,
`script/demo_config/`, and `bench_house`'s plan of 97 entities at seed 2026).
It adds languages no earlier round used (Romanian "aprinde lumina în
bucătărie": the kitchen's lights, Arabic "أطفئ المروحة في غرفة النوم": the
bedroom's fan, Hindi in Devanagari "जिम की लाइट बंद करो": the gym's lights,
Hebrew "תסגור את התריס במרתף היין": the wine cellar's shade), rooms no alias
holds in Italian, Japanese, Korean, German, European Portuguese and Chinese
("ho lasciato aperto il garage?", "リビングのテレビ消して": the living room's TV,
"주방 조명 좀 밝게 해줘": the kitchen's lighting, "Mach die Jalousie im
Heizungskeller runter": the boiler room's blind, "a porta da casa das
caldeiras está trancada?": its lock, "把婴儿房的开关关掉": the nursery's relay),
voice phrasing in Spanish with a room no alias holds ("Alexa, sube la
temperatura del despacho": the office's thermostat, "Hey Google, apaga la luz
del rellano": the landing's light), a brand the house does not have with a
floor word ("alexa, turn down the Nest upstairs": the Ecobee or the Hvac), two
typos in one query ("is the kitchen dore lockd?", "carbon dioxyde in the
offce", "turn on the libary realy"), state questions about how long or
lately ("how long has the hall window been open?", "has anyone been in the
bathroom in the last hour?"), purposes told by guests, plants, a pet or power
use ("friends are coming for dinner, get the dining room ready", "the
strawberries in the orchard look dry", "the seedlings in the garden need some
shade", "the dog's home alone, put some music on in the lounge", "what's
eating all the power in the gym?"), floor words no alias holds on a plural
("switch off every light on the top floor", "all the lights on the lower
level", "are the windows closed on the upper floor?": the landing's window and
the window sensors), names a family uses ("the disco lights in the lounge",
"turn on the fan in the man cave": the cinema's), an ordinal for a room's
number ("the spots in the second bedroom") and a plural with a mode ("put
every thermostat in eco mode"). As first run, on the matcher after round 23's fixes
(f6e0a36; round 24 was written after them without seeing them): 63.3 % at 1 and
73.3 % at 3 (demo 73.3 % and 73.3 %, `bench_house` 53.3 % and 73.3 %)
(`bench/RESULTS.md`, "Round 24, written unseen, as first run"). Its misses were then
fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 24's misses
fixed by mechanisms"): round 24 is no longer unseen.

Round 25 (`DEMO_HELD_OUT_25`, `BENCH_HELD_OUT_25`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). It adds slips that are not dropped letters: keys next
to the meant ones ("turn on the kitvhen lighrs"), a phone's autocorrect ("turn
off the panty light": the pantry's) and speech-to-text homophones ("turn on the
sealing fan", "turn on the lamp in the on suite"); languages no earlier round
used (Thai "ปิดไฟในห้องนอน": the bedroom's light, Cantonese "幫我熄咗客廳啲燈": the
living room's lights) and others with rooms no alias holds (Greek "άνοιξε τον
ανεμιστήρα στο σαλόνι", Brazilian Portuguese "a janela da sala ficou aberta?",
Danish "er døren til fyrrummet låst?": the boiler room's lock, Indonesian
"tutup tirai di kamar tidur utama": the master bedroom's shade); voice phrasing
that names the assistant's skill ("Alexa, ask Home Assistant to turn off the
lights in the dining room") or asks in Italian and Latin American Spanish ("Ehi
Siri, abbassa la tapparella della cucina", "Oye Google, ¿quedó prendida la
lámpara del estudio?"); floor words no alias holds ("一階の窓は全部閉まってる？":
the ground floor's windows, Japanese counting the ground floor as the first;
"all the lights on the middle floor" of three; "alle Rollläden im ersten Stock
runter") and a unit in a formula's subscript ("CO₂ upstairs"); requests to
build an automation ("every evening at sunset, close the pergola", "when
someone walks into the guest toilet, turn on the led strip"); questions about
time, units and availability ("what time is sunrise tomorrow?", "how many
degrees Fahrenheit is it outside?", "which sensor in the gym has gone
offline?"); purposes that only a routine answers ("we're heading out for the
day", "the kids are going down for the night": `bench_house`'s scripts, which
no earlier round named) or a sensor in a room by an area of its own ("is the
pantry cool enough for the cheese?": the guest toilet multisensor's second
temperature, set in the pantry); a level a scene holds ("set the living room
lights to half"); and names for rooms and lights a family uses ("did the kids
shut the rumpus room windows?": the playroom's, "the spots in bedroom number
two", "dim the chandelier in the dining room"). As first run, on the matcher
after round 24's fixes (9e770b5; round 25 was written after them without seeing
them): 66.7 % at 1 and 83.3 % at 3 (demo 80.0 % and 93.3 %, `bench_house`
53.3 % and 73.3 %) (`bench/RESULTS.md`, "Round 25, written unseen, as first run"). Its
misses were then fixed by mechanisms where they were general (90.0 % at 1 and 96.7 % at 3
after, the demo's 100 %, bench/RESULTS.md, "Round 25's misses fixed by mechanisms"; "on
suite", "heading out for the day" and "going down for the night" left, with why): round 25
is no longer unseen.

Round 26 (`DEMO_HELD_OUT_26`, `BENCH_HELD_OUT_26`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). It adds languages with scripts of their own typed in
the Latin alphabet (Japanese in romaji "shinshitsu no denki keshite": the
bedroom's light, Chinese in pinyin "guan diao jianshenfang de deng": the gym's
lights); a language mixed with an English device ("거실 fan 꺼줘": the living room's fan,
"Mach die Spots im Schlafzimmer 2 an"); rooms and devices no alias holds in
Spanish, Italian, German, Portuguese and Korean ("¿dejé abierta la ventana de
la cocina?", "il deumidificatore è acceso?", "Fahr das Pergoladach zu", "a luz
do corredor está acesa?": the hall's lamp, "욕실에 움직임 있어?": the bathroom's
motion); floor words in Dutch and in Chinese, which counts the ground floor as
the first ("doe de lampen beneden uit", "二楼的窗户都关了吗": the first floor's
windows and window sensors); plurals with a count or a room left out ("how many
windows are open?", "turn off every light except the bedroom one", "switch off
all the lights in the basement except the pantry"); a timer around the request
("in twenty minutes, turn off the fan in the bedroom", "in 10 minutes, lower
the garden blind") and questions about the past ("when was the garage door last
opened?", "was the boiler room door unlocked at any point today?"); brands the
houses do not have ("is the Chromecast in the bedroom playing?", "pause the
HomePod in the living room"); a room's abbreviation and an American word for it
("MBR shade down", "turn on the master bath lamp": the ensuite's); purposes told
by a smell, a feeling, a chore or the end of the working day ("it smells like
smoke in the kitchen": its carbon monoxide, "the study feels clammy", "the
towels in the ensuite never dry", "I've finished work for the day, shut down
the office": `Büro Feierabend`); voice phrasing with a wake word of a family's
own and with spoken hesitations ("Computer, set the lounge lights to half",
"um, alexa, can you, uh, switch the garden relay off?"); and slips of doubled
letters and of a room's words run together ("is the lawnnmower chargging?", "is
the dressingroom widnow open?"). As first run, on the matcher after round 25's
fixes (4eb8560; round 26 was written after them without seeing them): 63.3 % at
1 and 80.0 % at 3 (demo 60.0 % and 73.3 %, `bench_house` 66.7 % and 86.7 %)
(`bench/RESULTS.md`, "Round 26, written unseen, as first run"). Its misses were then
fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 26's misses
fixed by mechanisms"): round 26 is no longer unseen.

Round 27 (`DEMO_HELD_OUT_27`, `BENCH_HELD_OUT_27`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). It adds languages and scripts no earlier round used
(Turkish "yatak odasının ışığını kapat": the bedroom's light, Chinese in
traditional characters "關掉臥室的風扇": the bedroom's fan); regional and
colloquial words for rooms and devices (Mexican Spanish "prende el aire de la
recámara": the bedroom's air conditioning, "apaga las luces de la planta alta":
the upper floor's lights, German "Wie viel Strom zieht das Gästeklo?": the guest
toilet's power, Brazilian Portuguese "quantos graus tá no escritório?", Korean
with an English loanword "드레스룸 온도 올려줘": the dressing room's thermostat,
Japanese "物置のコンセントを切って": the storage room's plug); a German compound no
alias holds in voice phrasing ("Alexa, schalte die Küchenbeleuchtung aus": the
kitchen's lights and decorative lights); speech-to-text slips that are whole
words ("close the hole window": the hall's, "switch off the nursery really": its
relay) beside two typos in one query ("set the heatpmp to 20 degres", "swtich on
the garden ceilng light"); a power user typing the start of an entity id
("light.kitchen"); plurals over two rooms or over every domain of a room ("shut
the windows in the living room and the kitchen", "turn everything off in the
kitchen": its lights, decorative lights and media player) and a state question
over a floor ("which plugs are on downstairs?"); a temperature in Fahrenheit in
a house set in Celsius ("set the bedroom to 68°F"); purposes told by a metaphor,
a pet, a saying or a wine ("the office is like a sauna": its AC or its
thermostat, "the cat keeps setting off the motion sensor out back", "rise and
shine": `bench_house`'s Wake up script, "Hey Siri, is the wine cellar cold
enough for the reds?"); and rooms a family names by who uses them ("turn on the
lamp in our bathroom": the ensuite's, the bathroom having none, "did the kids
leave the spots on in their room?": bedroom 2's). As first run, on the matcher
after round 26's fixes (9b0b579; round 27 was written after them without seeing
them): 76.7 % at 1 and 90.0 % at 3 (demo 73.3 % and 93.3 %, `bench_house` 80.0 %
and 86.7 %) (`bench/RESULTS.md`, "Round 27, written unseen, as first run"). Its misses were
then fixed by mechanisms (100 % at 1 and at 3 after, bench/RESULTS.md, "Round 27's misses
fixed by mechanisms"): round 27 is no longer unseen.

Round 28 (`DEMO_HELD_OUT_28`, `BENCH_HELD_OUT_28`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). It adds a query typed with caps lock on ("TURN OFF THE
KICHEN LIGHTS") and texting shorthand with the vowels dropped ("bdrm fan on": the
bedroom's fan, "lvng rm spkr off": the living room speaker) beside two typos in one
query ("is the boilr room dor locked?"); devices and rooms no alias holds in
Spanish, German, Portuguese, Italian, Japanese, Chinese and Korean ("¿se están
regando los árboles?": the trees' valve, "Läuft der Luftentfeuchter noch?": the
dehumidifier, "abre a cobertura da pérgola", "accendi il condizionatore in
camera": the bedroom's air conditioning, "enciende el relé de la biblioteca", "c'è
qualcuno nella cabina armadio?": the dressing room's occupancy, "二酸化炭素の濃度は？":
the carbon dioxide, "加湿器开着吗？": is the humidifier on, "关掉影院的风扇": the
cinema's fan, "부엌 문 잠가줘": lock the kitchen door, "서재 습도 어때?": the study's
humidity) and room aliases in German and Japanese questions and commands ("Ist
das Fenster im Spielzimmer offen?", "サウナのコンセントを入れて": the sauna's socket);
a wake word no earlier round used, with a comfort wish rather than a device
("Hey Bixby, make the living room a bit cooler": the heat pump or the fan), and a
script started by voice by its name ("OK Google, start bath time"); state
questions about what someone left ("did I leave the sprinklers running out
front?", "did I leave the speaker on in the wine cellar?"); purposes told by a
symptom or a chore ("there's a draught in the living room": its window or its
heating, "I'm about to start cooking": `bench_house`'s Cooking script, in a house
with no kitchen devices); floor words on a plural, on a family's word for window
covers and on presence ("open the curtains downstairs", "open all the blinds
downstairs": the ground floor's one blind, "is anyone on the first floor?": its
motion and occupancy sensors); plurals of a kind across the house, over two
domains ("switch off all the AC units": two thermostats and a plug, "turn off all
the spots"); and everyday or family words for a device or a room ("trigger the
garage door opener": the garage door or its scene, "the junk room plug": the
storage room's). As first run, on the matcher after round 27's fixes (7fc2bd8;
round 28 was written after them without seeing them): 80.0 % at 1 and 86.7 % at
3 (demo 73.3 % and 80.0 %, `bench_house` 86.7 % and 93.3 %) (`bench/RESULTS.md`,
"Round 28, written unseen, as first run"). Its misses were then fixed by mechanisms
(100 % at 1 and at 3 after, bench/RESULTS.md, "Round 28's misses fixed by mechanisms"):
round 28 is no longer unseen.

Round 29 (`DEMO_HELD_OUT_29`, `BENCH_HELD_OUT_29`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). It adds typos of new kinds: a word spelt as it is said
("set the eekobee to 20", "how warm is the ensweet?"), two letters transposed
("open the pregola", with the roof left unsaid; "turn the stuyd lamp off") and
speech to text hearing another word ("lock the kitten door", "turn off the paint
tree light": the pantry's); languages and scripts earlier rounds used little, on
devices and rooms no alias holds, in Dutch, Polish, Greek, Hebrew, Thai, Czech,
Turkish and Hindi ("staat de airco in het kantoor nog aan?": the office's AC or
its thermostat, "włącz alarm na noc": the alarm panel, "πότισε τον κήπο": the
garden's valves or its script, "תפעיל את מכסחת הדשא": the lawn mower,
"ความชื้นข้างนอกเท่าไหร่": the outside humidity, "stáhni žaluzii na zahradě",
"şarap mahzenindeki hoparlörü kapat", "सॉना का प्लग चालू करो"), beside Japanese,
Chinese and German ("客間の温度は？": the guest room's temperature,
"把楼梯平台的窗户关上": the landing's window, "Ist die Bürotür zu?": one compound
for the office's door sensor); Home Assistant's own wake words ("Okay Nabu, are
the lights on in the dining room?", "Hey Jarvis, workout mode": the Workout
script); domains no earlier round asked for: a person by their first name ("is
Paulus home yet?": a device tracker), water heaters told by a symptom ("the
shower's gone cold"), a robot vacuum told by a chore and a floor ("start the
vacuum downstairs": the ground floor's, in no room), sirens as a plural
("silence the sirens"); a state question on the plug in no room with its number
said as a word ("is plug one on?"); a chore only a routine answers ("I'm laying
the table": the Dinner script); a floor word in Swedish and on everything of a
floor ("släck lamporna på övervåningen", "turn everything off in the basement":
its lights, plugs, fan and speaker); a plural of a kind of light on a floor
("switch on all the lamps upstairs"); and a device alias and a family's word for
a room ("is the garage gate shut?", "switch off the relay in the reading room":
the library's). The alarm panel, device trackers, water heaters, vacuums and
sirens join `bench_search.py`'s `HELD_OUT_DOMAINS`, so that `check` finds them.
As first run, on the matcher after round 28's fixes (edf6839; round 29 was
written after them without seeing them): 60.0 % at 1 and 73.3 % at 3 (demo
66.7 % and 73.3 %, `bench_house` 53.3 % and 73.3 %) (`bench/RESULTS.md`, "Round
29, written unseen, as first run"). Its misses were then fixed by mechanisms (100.0 %
at 1 and at 3 after, `bench/RESULTS.md`, "Round 29's misses fixed by mechanisms"):
round 29 is no longer unseen.

Round 30 (`DEMO_HELD_OUT_30`, `BENCH_HELD_OUT_30`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). Its typos are a word spelt as it is said ("water the
orcherd", "is the gest toylet window shut?"), two letters transposed ("shut the
hlal window", "how humid is the dinign room?") and speech to text hearing
another word ("turn off the entrants lights", "close the shed in the master
bedroom": the shade); its languages, on devices and rooms no alias holds, are
Vietnamese ("máy hút ẩm có đang chạy không?": the dehumidifier, "nhiệt độ phòng
xông hơi bao nhiêu?": the sauna's temperatures), Thai ("ปิดเครื่องทำน้ำอุ่น": the
water heaters), Dutch ("is de achterdeur op slot?": the back doors), Czech ("je
zamčená kotelna?"), Hindi ("बच्चों के कमरे की लाइट बंद करो": the kids' room's
spots or the nursery's relay), Hebrew ("החלון בחדר המשחקים פתוח?"), Turkish
("spor salonundaki lambayı kapat"), Spanish ("baja el toldo del jardín": an
awning for the garden's blind), Japanese ("ウォークマン止めて": a brand in
katakana) and Chinese ("让扫地机器人打扫一楼": the "first floor" at street
level, so the ground floor's vacuum); Home Assistant's other wake words ("Hey
Mycroft, pause the music in the kitchen", "Hey Rhasspy, reading mode": the
Reading script); domains no earlier round asked for: a weather forecast told by
a question ("should I take an umbrella?"), a helper told by a purpose ("we're
off on holiday for two weeks": vacation mode, or the alarm), an automation told
by what it does ("stop the house locking itself up at midnight") and people as
a plural ("who's home?": the device trackers and the person); a brand said for
any robot vacuum ("send the Roomba back to its base"); a floor word no alias
holds ("switch off the lights on the bottom floor"); a symptom on a floor ("the
electricity bill is huge, what's drawing so much power downstairs?": the ground
floor's power sensors); a chore only a routine answers ("I'm heading up to
bed": Good night); an alias of the owner's own in French and a British word
for a room ("coupe la prise 3": the storage room's plug, "turn off the larder
light": the pantry's); and a plural of rooms only one of which has a
thermometer ("how warm are the bedrooms?"). Weather, helpers (`input_boolean`),
automations and people join `bench_search.py`'s `HELD_OUT_DOMAINS`, so that
`check` finds them.
As first run, on the matcher after round 29's fixes (cad2081; round 30 was
written after them without seeing them): 56.7 % at 1 and at 3 (demo 60.0 %,
`bench_house` 53.3 %) (`bench/RESULTS.md`, "Round 30, written unseen, as first
run"). Its misses were then fixed by mechanisms (96.7 % at 1 and at 3 after, the
Walkman in katakana left, bench/RESULTS.md, "Round 30's misses fixed by
mechanisms"): round 30 is no longer unseen.

Round 31 (`DEMO_HELD_OUT_31`, `BENCH_HELD_OUT_31`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). Its typos are a slip to the next key ("turn off the
hunidifier"), two letters transposed ("is the sanua plug on?"), words spelt as
they are said ("how's the air kwality in the office?", "dim the sinema
lights") and speech to text splitting a brand or hearing another word ("pause
the walk man", "turn off the lending light": the landing's); its languages,
mostly in scripts and tongues earlier rounds used little, are Polish ("włącz
podlewanie drzew": the trees' valve), Persian ("چراغ اتاق خواب را خاموش کن":
the bedroom light), Hindi ("घास काटने वाली मशीन चालू करो": the lawn mower told as
a grass-cutting machine), Japanese ("防犯アラームをセットして": the alarm, whose
alias is 警報), Chinese ("朋友到了，帮我开一下前门": a purpose, the script that
unlocks the front door or its lock), Dutch ("hoeveel stroom verbruikt de
logeerkamer?": Bedroom 3's power, its alias Guest room in Dutch), Hebrew ("מה
הלחות בחדר העבודה?": a work room, the study's or the office's humidity), Thai
("เปิดม่านในห้องนอนใหญ่": a curtain for the master bedroom's shade), Swedish ("hur
varmt är det i duschrummet?": a shower room for the ensuite), French ("éteins
la veilleuse de la chambre de bébé": a night light for the nursery's relay),
German ("Wie voll sind die Batterien im Fitnessraum?": a plural of the gym's
batteries) and Czech, with a floor word ("zhasni všechna světla v přízemí": the
ground floor's lights); wake words no round used ("Echo, my in-laws are
staying for the weekend": guest mode; "Hey Cortana, we're watching a film in
the cinema tonight": Movie time); domains no earlier round asked for: air
quality (above), cameras told by a purpose ("the doorbell just went, who is
it?") and the sun told by a state question ("is it dark out yet?"); an
automation to skip, told by what it does ("skip turning the lights on at
sunset tonight"); a brand used as a verb with a floor ("hoover the first
floor": the first floor's vacuum); a plural of routines named in three
languages ("what bedtime routines do we have?"); a British word for the water
heater ("is the boiler on?"); a symptom of a sensor gone quiet ("the office
sensor has stopped reporting, are its batteries flat?"); a level no scene is
named for ("put the living room lights on low": the dimmest scenes); a plural
of one room's window sensors ("are the bathroom windows shut?"); and an
everyday word for the garden ("turn on the patio light"). Air quality, cameras
and the sun join `bench_search.py`'s `HELD_OUT_DOMAINS`, so that `check` finds
them.
As first run, on the matcher after round 30's fixes (1085ab7; round 31 was
written after them without seeing them): 63.3 % at 1 and 70.0 % at 3 (demo
46.7 % and 60.0 %, `bench_house` 80.0 % and 80.0 %) (`bench/RESULTS.md`, "Round
31, written unseen, as first run"). Its misses were then fixed by mechanisms (100 % at 1 and
at 3 after, `bench/RESULTS.md`, "Round 31's misses fixed by mechanisms"): round 31 is no
longer unseen.

Round 32 (`DEMO_HELD_OUT_32`, `BENCH_HELD_OUT_32`, 29 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, `script/demo_config/`,
and `bench_house`'s plan of 97 entities at seed 2026 with the scripts and scenes
its configuration adds). Its typos are two letters transposed ("is the alram
set?", "is the dressing room thermotsat on?"), words spelt as they sound ("what's
the wether doing tomorrow?", "is the boyler room locked?") and speech to text
mishearing a word for another ("send the lawn more back to its dock", "turn on
the steady lamp" for the study's). Fourteen are in other languages, most in
scripts and tongues earlier rounds used little: Greek, Turkish, Vietnamese,
Arabic, Ukrainian, Polish (a floor word, "na parterze"), Hebrew, Hindi, Thai,
Dutch (the basement as "de kelder"), Swedish, Spanish, Japanese (the library as
図書室, no alias of it) and Chinese behind Xiaomi's wake word (小爱同学, asking for
26 degrees of "the air conditioner"); another new wake word is "Hey Snips". It
asks for two domains no round asked for: a calendar ("what's on the calendar
today?") and pending updates ("are there any updates waiting to be installed?",
a plural). A third, a wildfire near the house asked from a smell of smoke, was
dropped before its first run: the demo's geo-location events come and go at
random (`geo_location.grass_fire` was there when it was written, not when it
ran). Its other purposes are a chore ("there are crumbs all over the kitchen
floor", the ground floor's vacuum) and a symptom ("the plants in the study are
wilting, is the air too dry?"); besides the Polish and Dutch floor words, it asks
for the light level on the ground floor (three illuminance sensors); its plural asks what the guest toilet's
thermometers say (one of them is in the pantry by an area of its own); its
aliases are "the radio" for the kitchen's speaker and the American "furnace
room" for the boiler room. As first run, on the matcher after round 31's fixes
(87ecafc; round 32 was written after them without seeing them): 69.0 % at 1 and
75.9 % at 3 (demo 57.1 % and 64.3 %, `bench_house` 80.0 % and 86.7 %)
(`bench/RESULTS.md`, "Round 32, written unseen, as first run"). Its misses were
then fixed by mechanisms (100 % at 1 and at 3 after, `bench/RESULTS.md`, "Round
32's misses fixed by mechanisms"): round 32 is no longer unseen.

Round 33 (`DEMO_HELD_OUT_33`, `BENCH_HELD_OUT_33`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, and `bench_house`'s plan
of 97 entities at seed 2026 with the scripts and scenes its configuration adds;
none of the demo's geo-location events, which come and go). Its typos are two
letters transposed ("is there an udpate for the living room bulb?", "what's the
humdiity in the ensuite?"), words spelt as they sound (a person's name, "is Anne
Terez home yet?", and "is the sinnema fan running?") and speech to text mishearing
("is the basement leak a lot on?" for the leak alert automation, "turn off the
landing feeling light" for its ceiling light). Fourteen are in other languages,
most of them tongues no round or few rounds used: Czech (the air quality "doma",
at home), Polish ("fajrant w biurze", the office's Feierabend by the word Polish
borrowed from it), Hebrew (a bare "לילה טוב" for the night routines), Hungarian
(who is home), Romanian (the vacuum "la parter"), Vietnamese (guest mode), Danish
(when it gets dark), Turkish (a floor word, "alt kattaki", downstairs), Slovak,
Indonesian (the guest room as "kamar tamu"), Greek, Hindi in Devanagari with
English loanwords ("डाइनिंग रूम") and Finnish (the dressing room as
"pukuhuone"), and Arabic; two new wake words carry two more: Yandex's "Алиса" in
Russian and "Hey Homey" in Dutch. It asks for a kind of entity no round asked
for, the backup sensors ("did last night's backup go through?"), and for the
demo's "doors secured" template sensor through a plural ("are the doors all
locked up for the night?"). Its other purposes are a symptom ("my toes are
freezing in the study", its thermometers) and a floor word with a symptom ("the
towels never dry upstairs, how humid is it up there?"); its plural compares the
ensuite's two thermometers; a command asks for a brightness one of the living
room's scenes sets, through its alias ("set the lounge lights to 70 percent");
its aliases are the Australian "roller door" for the garage door and "the
screening room" for the cinema. As first run, on the matcher after round 32's fixes
(df10913; round 33 was written after them without seeing them): 56.7 % at 1 and
66.7 % at 3 (demo 53.3 % and 66.7 %, `bench_house` 60.0 % and 66.7 %); its
thirteen queries in languages the tables hold few words of found 2 at 1
(`bench/RESULTS.md`, "Round 33, written unseen, as first run"). Its misses were
then fixed by mechanisms (100 % at 1 and at 3 after, `bench/RESULTS.md`, "Round
33's misses fixed by mechanisms"): round 33 is no longer unseen.

Round 34 (`DEMO_HELD_OUT_34`, `BENCH_HELD_OUT_34`, 30 queries) was written
unseen as well: by someone who had not read the matcher, its word tables, its
tests, `bench/RESULTS.md` or the changelog (of earlier rounds, only their
queries, to write none again), from the houses' real entities only (the running
demo's states, areas and floors, `script/demo_setup.py`, and `bench_house`'s plan
of 97 entities at seed 2026 with the scripts and scenes its configuration adds;
again none of the demo's geo-location events, which come and go). Its typos are
words spelt as they sound ("stop the sireen, it's a false alarm", "is the wine
seller speaker playing?"), two letters transposed ("turn on guset mode", "what's
the hmuidity in the office?") and speech to text mishearing one room or place as
another word ("is the orchid being watered?" for the orchard, "how warm is it in
the dying room?"). Fourteen are in other languages, all but three in tongues no
round or one round used: Lithuanian (the living room as "svetainė"), Estonian (a
state question, the bedroom light that "burns"), Norwegian (a floor word:
"første etasje", the first floor, is Norway's ground floor, so the ground floor's
vacuum is meant and not the one called "first floor"), Catalan (the heating),
Swahili (the kitchen lights "jikoni"), Bulgarian, Persian (the office's air
conditioner as "کولر"), Tamil (whether the bathroom window is open), Malay (a
light turned off by "tutup", close), Serbian in Cyrillic, Croatian (the gym as
"teretana"), Ukrainian (the sauna), European Portuguese (the pantry as
"despensa") and French through the wine cellar's French alias; Naver's wake
word ("헤이 클로바", Hey Clova) carries a fifteenth, a Korean state question, and
Samsung's newer "Hi Galaxy" asks for a backup sensor no round asked for (the
next scheduled one). It asks for entities no round or few rounds named: the
demo's lock that jams ("which lock keeps jamming?", a symptom), its outdoor
thermometer's charging sensor among the batteries ("I'm popping to the shops, which sensors need new batteries?", a
chore), its three cameras by a plural, its water heaters by South African
English's "geyser", and `bench_house`'s blind and thermostat in no room ("close
every blind in the house", "set the main thermostat to 20"). Its other purpose is
a chore a script is for ("I'm running myself a bath"), and its floor word asks
for every thermometer in the basement ("is it cold down in the basement?"),
among them one whose own area (the pantry) is not its device's. As first run,
on the matcher after round 33's fixes (f2c137e; round 34 was written after them
without seeing them): 56.7 % at 1 and 66.7 % at 3 (demo 46.7 % and 60.0 %,
`bench_house` 66.7 % and 73.3 %); its thirteen queries in other languages found
5 at 1 and 7 at 3 (`bench/RESULTS.md`, "Round 34, written unseen, as first
run"). Its misses were then fixed by mechanisms (96.7 % at 1 and 96.7 % at 3
after, demo 93.3 % and 93.3 %, `bench_house` 100.0 % and 100.0 %;
bench/RESULTS.md, "Round 34's misses fixed by mechanisms"): round 34 is no
longer unseen.

Round 35 (`DEMO_HELD_OUT_35`, `BENCH_HELD_OUT_35`, 30 queries) was written
unseen as well, under the same rules as round 34 (no matcher, word tables,
tests, `bench/RESULTS.md` or changelog read; of earlier rounds only their
queries, to write none again; ids from the houses' real entities). Unlike
rounds 31 to 34 it is no stress test of rare languages: it asks as Home
Assistant's users ask, sixteen queries in English and fourteen in the
languages most of them speak, each said as a native speaker would say it to a
voice assistant: German (whether the alarm is "scharf", armed; the basement's
lights through its alias "Keller", a floor word), French (the heating turned
down because "il fait trop chaud"; the landing through its alias "palier"),
Spanish (a locked kitchen door; the entrance's spots as "focos"), Dutch (a
floor word, "boven", upstairs, answered by the first floor's thermostats; the
dressing room as "kleedkamer"), Italian (the garage door as a "serranda"),
Chinese (the living room window), Swedish (the guest toilet's LED strip as
"LED-slingan på gästtoan"), Polish (the dining room as "jadalnia"), Japanese
(the garden through its alias "庭") and Brazilian Portuguese (a table lamp,
"abajur", in the "corredor"). Its English typos are words spelt as they sound
("is the humidifyer on?", "turn off the pantree light"), two letters
transposed ("how wram is it outside?", "trun off the plug in the sauna") and
speech to text mishearing ("set the eco bee to 21" for the Ecobee, "what's the
temperature in the sonar?" for the sauna). Its wake words are the ones Home
Assistant's own voice hardware listens for ("Okay Nabu, turn the mood lights
down", "Hey Jarvis, lower the shade in the wine cellar"). Its purposes are a
symptom ("there's condensation all over the windows again", the dehumidifier)
and chores ("I'm hanging the washing out, is it going to rain?", the forecasts;
"morning, I'm up", the wake up script); its state questions ask a fan's speed,
whether "the heating" is on with no room named (the main thermostat first),
and, as plurals, whether all the locks are locked and whether any window is
still open; its alias calls the office the study and its cooling the aircon.
As first run, on the matcher after round 34's fixes (63f3c92; round 35 was written after
them without seeing them): 83.3 % at 1 and 86.7 % at 3 (demo 80.0 % and 86.7 %,
`bench_house` 86.7 % and 86.7 %); its twelve queries in other languages were
all found at 1, and its three purposes none (`bench/RESULTS.md`, "Round 35,
written unseen, as first run"). Its misses were then fixed by mechanisms (100.0 % at 1
and 100.0 % at 3 after, demo 100.0 % and 100.0 %, `bench_house` 100.0 % and 100.0 %;
bench/RESULTS.md, "Round 35's misses fixed by mechanisms"): round 35 is no longer
unseen.
"""

from __future__ import annotations

from typing import Final

from .queries import Query


def _demo(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=1)


def _bench(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=1)


def _demo2(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=2)


def _bench2(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=2)


_UPSTAIRS_LIGHTS: Final = ("light.office_rgbw_lights", "light.bed_light")
_BASEMENT_LIGHTS: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
    "light.pantry_ceiling_light_1",
)
_FIRST_FLOOR_LIGHTS: Final = (
    "light.bedroom_2_spots_1",
    "light.ensuite_lamp_1",
    "light.landing_ceiling_light_1",
    "light.study_lamp_1",
)

DEMO_HELD_OUT: Final = [
    # `script/demo`'s house (`script/demo_setup.py`).
    _demo("typo", "livingroom lights", "light.living_room_rgbww_lights"),
    _demo("typo", "kitchn lihgts", "light.kitchen_lights"),
    _demo("typo", "bedrm ceilng fan", "fan.ceiling_fan"),
    _demo("typo", "dehumidifer", "humidifier.dehumidifier"),
    _demo("order", "turn on the bedroom lamp", "light.bed_light"),
    _demo("order", "the lamp next to the bed", "light.bed_light"),
    _demo("order", "the light in the kitchen", "light.kitchen_lights"),
    _demo("order", "temperature in the garden", "sensor.outside_temperature"),
    _demo("alias", "salon lights", "light.living_room_rgbww_lights"),
    _demo("alias", "lounge fan", "fan.living_room_fan"),
    _demo("alias", "hallway light", "light.entrance_color_white_lights"),
    _demo("alias", "carport mower", "lawn_mower.my_lawn_mower"),
    _demo("alias", "backyard motion", "binary_sensor.movement_backyard"),
    _demo("room", "office AC", "switch.ac"),
    _demo("room", "dining room ceiling lamp", "light.ceiling_lights"),
    _demo("room", "front garden sprinkler", "valve.front_garden"),
    _demo("language", "volet de la cuisine", "cover.kitchen_window"),
    _demo("language", "ventilateur de la chambre", "fan.ceiling_fan"),
    _demo("language", "lumières de l'entrée", "light.entrance_color_white_lights"),
    _demo("language", "キッチンの電気", "light.kitchen_lights"),
    _demo("language", "玄関のライト", "light.entrance_color_white_lights"),
    _demo("language", "Licht im Büro", "light.office_rgbw_lights"),
    _demo("plural", "garage doors", "cover.garage_door"),
    _demo("plural", "living room windows", "cover.living_room_window"),
    _demo("floor", "upstairs lights", *_UPSTAIRS_LIGHTS),
    _demo("floor", "lumières à l'étage", *_UPSTAIRS_LIGHTS),
    _demo("floor", "2階の照明", *_UPSTAIRS_LIGHTS),
    _demo("floor", "thermostat upstairs", "climate.ecobee", "climate.hvac"),
    _demo("floor", "first floor heating", "climate.ecobee", "climate.hvac"),
    _demo("floor", "ground floor fans", "fan.living_room_fan"),
    _demo(
        "floor",
        "downstairs windows",
        "cover.hall_window",
        "cover.kitchen_window",
        "cover.living_room_window",
    ),
    _demo("floor", "chauffage du rez-de-chaussée", "climate.heatpump"),
]

BENCH_HELD_OUT: Final = [
    # `bench_house`'s house of 120 entities (`bench/bench_house/plan.py`, its default seed;
    # the plan tops up what Home Assistant starts with, so these are the ids of a real run).
    _bench("typo", "bedrom 2 spost", "light.bedroom_2_spots_1"),
    _bench("typo", "landng ceiling ligth", "light.landing_ceiling_light_1"),
    _bench("typo", "dresing room thermostat", "climate.dressing_room_thermostat_1"),
    _bench("order", "lights in the gym", "light.gym_ceiling_light_1", "light.gym_lamp_1"),
    _bench("order", "LED strip in the guest toilet", "light.guest_toilet_led_strip_1"),
    _bench("order", "the study's lamp", "light.study_lamp_1"),
    _bench("order", "humidity in the study", "sensor.study_multisensor_1_humidity"),
    _bench("order", "turn off the sauna plug", "switch.sauna_plug_1"),
    _bench("alias", "shade in the parents' room", "cover.master_bedroom_shade_1"),
    _bench("alias", "WC led strip", "light.guest_toilet_led_strip_1"),
    _bench("alias", "home cinema fan", "switch.cinema_fan_1"),
    _bench("alias", "lounge speaker", "media_player.living_room_speaker_1"),
    _bench("room", "hall lamp", "light.hall_lamp_1"),
    _bench("room", "living room socket", "switch.living_room_plug_1", "switch.living_room_plug_2"),
    _bench("room", "office door sensor", "binary_sensor.office_detector_1_door"),
    _bench(
        "room",
        "sauna temp",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench("room", "wine cellar music", "media_player.wine_cellar_speaker_1"),
    _bench("language", "lampe de la salle d'eau", "light.ensuite_lamp_1"),
    _bench("language", "ジムのライト", "light.gym_ceiling_light_1", "light.gym_lamp_1"),
    _bench("language", "enceinte du salon", "media_player.living_room_speaker_1"),
    _bench("language", "serrure de la chaufferie", "lock.boiler_room_door_lock_1"),
    _bench("language", "prise du débarras", "switch.storage_plug_1"),
    _bench("language", "plafonnier du cellier", "light.pantry_ceiling_light_1"),
    _bench("language", "Deckenlicht im Kino", "light.cinema_ceiling_light_1"),
    _bench("plural", "landing windows", "cover.landing_window_1"),
    _bench("plural", "boiler room blinds", "cover.boiler_room_blind_1"),
    _bench("floor", "basement lights", *_BASEMENT_LIGHTS),
    _bench("floor", "lumières du sous-sol", *_BASEMENT_LIGHTS),
    _bench("floor", "premier étage lampes", *_FIRST_FLOOR_LIGHTS),
    _bench("floor", "upstairs thermostat", "climate.dressing_room_thermostat_1"),
    _bench("floor", "2階の暖房", "climate.dressing_room_thermostat_1"),
    _bench("floor", "downstairs speaker", "media_player.living_room_speaker_1"),
]

_DOWNSTAIRS_COVERS: Final = (
    "cover.garage_door",
    "cover.hall_window",
    "cover.kitchen_window",
    "cover.living_room_window",
)

DEMO_HELD_OUT_2: Final = [
    _demo2("alias", "heatpump in the lounge", "climate.heatpump"),
    _demo2("order", "close the garage", "cover.garage_door"),
    _demo2("room", "bedroom aircon", "climate.hvac"),
    _demo2("room", "office co2", "sensor.carbon_dioxide"),
    _demo2("room", "kitchen carbon monoxide", "sensor.carbon_monoxide"),
    _demo2("room", "orchard watering", "valve.orchard"),
    _demo2("alias", "mood lighting", "light.living_room_rgbww_lights"),
    _demo2("language", "ダイニングの照明", "light.ceiling_lights"),
    _demo2("language", "lumière de la salle à manger", "light.ceiling_lights"),
    _demo2("floor", "downstairs blinds", *_DOWNSTAIRS_COVERS),
    _demo2("floor", "upstairs fan", "fan.ceiling_fan"),
    _demo2("typo", "front dor lock", "lock.front_door"),
    _demo2("typo", "pergla roof", "cover.pergola_roof"),
]

BENCH_HELD_OUT_2: Final = [
    _bench2("room", "gym lamp", "light.gym_lamp_1"),
    _bench2("alias", "lamp in the fitness room", "light.gym_lamp_1", "light.gym_ceiling_light_1"),
    _bench2("room", "garden relay", "switch.garden_relay_1"),
    _bench2("room", "nursery switch", "switch.nursery_relay_1"),
    _bench2("room", "wine cellar blind", "cover.wine_cellar_shade_1"),
    _bench2("typo", "the shade in the master bedrom", "cover.master_bedroom_shade_1"),
    _bench2(
        "room",
        "office motion",
        "binary_sensor.office_detector_1_motion",
        "binary_sensor.office_detector_1_motion_2",
    ),
    _bench2(
        "room",
        "bathroom window sensor",
        "binary_sensor.bathroom_detector_1_window",
        "binary_sensor.bathroom_detector_1_window_2",
    ),
    _bench2(
        "language",
        "ジムの温度",
        "sensor.gym_multisensor_1_temperature",
        "sensor.gym_multisensor_1_temperature_2",
    ),
    _bench2(
        "room",
        "dressing room presence",
        "binary_sensor.dressing_room_detector_1_occupancy",
        "binary_sensor.dressing_room_detector_1_occupancy_2",
    ),
    _bench2("floor", "basement speaker", "media_player.wine_cellar_speaker_1"),
    _bench2("floor", "cellar blinds", "cover.wine_cellar_shade_1", "cover.boiler_room_blind_1"),
    _bench2("plural", "sauna plugs", "switch.sauna_plug_1"),
]


def _demo3(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=3)


def _bench3(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=3)


_GARDEN_VALVES: Final = ("valve.front_garden", "valve.back_garden", "valve.orchard", "valve.trees")
_BASEMENT_LIGHTS_3: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
    "light.pantry_ceiling_light_1",
)

# Round 3: written by someone who had not read the matcher, its rules or its
# tests, nor the earlier rounds' failures; ids from the houses' real entities.
DEMO_HELD_OUT_3: Final = [
    _demo3("typo", "kitchn windw", "cover.kitchen_window"),
    _demo3("typo", "offce termostat", "climate.ecobee"),
    _demo3("purpose", "lamp beside my bed", "light.bed_light"),
    _demo3(
        "purpose", "the thing that waters the garden", *_GARDEN_VALVES, "script.water_the_garden"
    ),
    _demo3("command", "switch off the AC upstairs", "switch.ac", "climate.hvac", "climate.ecobee"),
    _demo3("command", "is the garage open", "cover.garage_door"),
    _demo3("floor", "downstairs heating", "climate.heatpump"),
    _demo3("language", "fenêtre du salon", "cover.living_room_window"),
    _demo3("language", "Licht im Schlafzimmer", "light.bed_light"),
    _demo3("language", "寝室のエアコン", "climate.hvac"),
    _demo3("plural", "garden sprinklers", *_GARDEN_VALVES),
    _demo3("alias", "chauffge salon", "climate.heatpump"),
    _demo3("order", "fan bedroom", "fan.ceiling_fan"),
    _demo3("plural", "hallway windows", "cover.hall_window"),
    _demo3("purpose", "mow the lawn", "lawn_mower.my_lawn_mower"),
]

BENCH_HELD_OUT_3: Final = [
    _bench3("typo", "wine celar speakr", "media_player.wine_cellar_speaker_1"),
    _bench3("typo", "landng cieling light", "light.landing_ceiling_light_1"),
    _bench3("command", "switch off the fan in the cinema", "switch.cinema_fan_1"),
    _bench3("floor", "upstairs thermostat", "climate.dressing_room_thermostat_1"),
    _bench3("floor", "all the lights in the cellar", *_BASEMENT_LIGHTS_3),
    _bench3("language", "store de la chaufferie", "cover.boiler_room_blind_1"),
    _bench3("language", "Deckenlicht im Kino", "light.cinema_ceiling_light_1"),
    _bench3("language", "ジムのライト", "light.gym_ceiling_light_1", "light.gym_lamp_1"),
    _bench3("alias", "blind in the parents room", "cover.master_bedroom_shade_1"),
    _bench3("command", "is the boiler room door locked", "lock.boiler_room_door_lock_1"),
    _bench3("purpose", "play something in the lounge", "media_player.living_room_speaker_1"),
    _bench3(
        "plural", "living room plugs", "switch.living_room_plug_1", "switch.living_room_plug_2"
    ),
    _bench3(
        "purpose",
        "how warm is it in the sauna",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench3(
        "purpose",
        "is anyone in the dressing room",
        "binary_sensor.dressing_room_detector_1_occupancy",
        "binary_sensor.dressing_room_detector_1_occupancy_2",
    ),
    _bench3("purpose", "the light outside", "light.garden_ceiling_light_1"),
]


def _demo4(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=4)


def _bench4(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=4)


_GROUND_FLOOR_LIGHTS_4: Final = (
    "light.living_room_rgbww_lights",
    "light.kitchen_lights",
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
)
_DEMO_LOCKS_4: Final = (
    "lock.front_door",
    "lock.kitchen_door",
    "lock.poorly_installed_door",
    "lock.openable_lock",
)

# Round 4: written unseen too (no matcher, rules, tests or earlier results read);
# ids from the houses' real entities.
DEMO_HELD_OUT_4: Final = [
    _demo4("typo", "ofice lite", "light.office_rgbw_lights"),
    _demo4("typo", "entrence colour lihgts", "light.entrance_color_white_lights"),
    _demo4("command", "lock the kitchen door", "lock.kitchen_door"),
    _demo4("command", "did I leave the front door unlocked?", "lock.front_door"),
    _demo4("command", "what's the temperature outside?", "sensor.outside_temperature"),
    _demo4("purpose", "something to cool down the bedroom", "fan.ceiling_fan", "climate.hvac"),
    _demo4("purpose", "how stuffy is the air in the office", "sensor.carbon_dioxide"),
    _demo4("language", "Garagentor schließen", "cover.garage_door"),
    _demo4("language", "luz de la cocina", "light.kitchen_lights"),
    _demo4("language", "寝室の扇風機", "fan.ceiling_fan"),
    _demo4("floor", "all the lights downstairs", *_GROUND_FLOOR_LIGHTS_4),
    _demo4("alias", "carport door", "cover.garage_door"),
    _demo4("plural", "door locks", *_DEMO_LOCKS_4),
    _demo4("order", "roof of the pergola", "cover.pergola_roof"),
    _demo4("room", "living room TV", "media_player.lounge_room", "media_player.living_room"),
]

BENCH_HELD_OUT_4: Final = [
    _bench4("typo", "libary relay", "switch.library_relay_1"),
    _bench4("typo", "entrnce spot lihgts", "light.entrance_spots_1"),
    _bench4("command", "turn off the pantry light", "light.pantry_ceiling_light_1"),
    _bench4("command", "is the garden blind closed?", "cover.garden_blind_1"),
    _bench4(
        "purpose",
        "how bright is it in the dining room",
        "sensor.dining_room_multisensor_1_illuminance",
    ),
    _bench4(
        "purpose",
        "did anything move in the guest toilet",
        "binary_sensor.guest_toilet_detector_1_motion",
        "binary_sensor.guest_toilet_detector_1_motion_2",
    ),
    _bench4(
        "purpose",
        "how much power is the gym using",
        "sensor.gym_multisensor_1_power",
        "sensor.gym_multisensor_1_power_2",
        "sensor.gym_multisensor_2_power",
    ),
    _bench4("language", "Steckdose in der Sauna", "switch.sauna_plug_1"),
    _bench4("language", "書斎の温度", "sensor.office_multisensor_2_temperature"),
    _bench4("language", "fenêtre du palier", "cover.landing_window_1"),
    _bench4("floor", "blinds upstairs", "cover.master_bedroom_shade_1", "cover.landing_window_1"),
    _bench4("alias", "Kinderzimmer spots", "light.bedroom_2_spots_1"),
    _bench4(
        "plural",
        "dining room humidity sensors",
        "sensor.dining_room_multisensor_1_humidity",
        "sensor.dining_room_multisensor_1_humidity_2",
        "sensor.dining_room_multisensor_2_humidity",
        "sensor.dining_room_multisensor_2_humidity_2",
    ),
    _bench4(
        "order",
        "battery of the sauna sensor",
        "sensor.sauna_multisensor_1_battery",
        "sensor.sauna_multisensor_1_battery_2",
    ),
    _bench4(
        "room",
        "study temperature",
        "sensor.study_multisensor_1_temperature",
        "sensor.study_multisensor_1_temperature_2",
    ),
]


def _demo5(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=5)


def _bench5(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=5)


_DEMO_THERMOSTATS_5: Final = ("climate.ecobee", "climate.heatpump", "climate.hvac")
_BASEMENT_TEMPERATURES_5: Final = (
    "sensor.gym_multisensor_1_temperature",
    "sensor.gym_multisensor_1_temperature_2",
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
    "sensor.wine_cellar_multisensor_1_temperature",
    # Its device is in the guest toilet, the sensor itself in the pantry (basement).
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
_GROUND_FLOOR_MOTION_5: Final = (
    "binary_sensor.guest_toilet_detector_1_motion",
    "binary_sensor.guest_toilet_detector_1_motion_2",
    "binary_sensor.office_detector_1_motion",
    "binary_sensor.office_detector_1_motion_2",
)

# Round 5: written unseen (no matcher, rules, tests or results read); ids from
# the houses' real entities.
DEMO_HELD_OUT_5: Final = [
    _demo5("typo", "heat pmup in the salon", "climate.heatpump"),
    _demo5("typo", "lawnmover", "lawn_mower.my_lawn_mower"),
    _demo5("command", "dim the lights in the lounge", "light.living_room_rgbww_lights"),
    _demo5(
        "command", "is the air conditioning still on in the office?", "switch.ac", "climate.ecobee"
    ),
    _demo5("purpose", "is there water on the basement floor", "binary_sensor.basement_floor_wet"),
    _demo5(
        "purpose", "bedtime routine", "script.good_night", "script.bonne_nuit", "script.oyasumi"
    ),
    _demo5("alias", "the big light in the dining room", "light.ceiling_lights"),
    _demo5("language", "luce della camera da letto", "light.bed_light"),
    _demo5("language", "de garagedeur", "cover.garage_door"),
    _demo5("language", "ventilador del salón", "fan.living_room_fan"),
    _demo5(
        "language",
        "テレビを消して",
        "media_player.lounge_room",
        "media_player.living_room",
        "media_player.bedroom",
    ),
    _demo5("floor", "air quality upstairs", "sensor.carbon_dioxide"),
    _demo5("plural", "thermostats", *_DEMO_THERMOSTATS_5),
    _demo5("room", "bedroom telly", "media_player.bedroom"),
    _demo5("order", "CO level in the kitchen", "sensor.carbon_monoxide"),
]

BENCH_HELD_OUT_5: Final = [
    _bench5("typo", "dresing room windw", "binary_sensor.dressing_room_detector_1_window"),
    _bench5(
        "command",
        "is a window open in the playroom?",
        "binary_sensor.playroom_detector_1_window",
        "binary_sensor.playroom_detector_1_window_2",
    ),
    _bench5("command", "dim the cinema", "light.cinema_ceiling_light_1"),
    _bench5(
        "command",
        "set the heating to 21",
        "climate.thermostat_1",
        "climate.dressing_room_thermostat_1",
    ),
    _bench5(
        "purpose",
        "is it chilly in the ensuite?",
        "sensor.ensuite_multisensor_1_temperature",
        "sensor.ensuite_multisensor_1_temperature_2",
    ),
    _bench5("room", "the thing in the hall", "light.hall_lamp_1"),
    _bench5("alias", "the big light in the lounge", "light.living_room_ceiling_light_1"),
    _bench5("language", "humidité de la chambre d'amis", "sensor.bedroom_3_multisensor_1_humidity"),
    _bench5(
        "language",
        "c'è qualcuno in bagno?",
        "binary_sensor.bathroom_detector_1_motion",
        "binary_sensor.bathroom_detector_1_motion_2",
        "binary_sensor.guest_toilet_detector_1_motion",
        "binary_sensor.guest_toilet_detector_1_motion_2",
    ),
    _bench5("language", "temperatura de la bodega", "sensor.wine_cellar_multisensor_1_temperature"),
    _bench5("language", "Kinderzimmer Luftfeuchtigkeit", "sensor.bedroom_2_multisensor_1_humidity"),
    _bench5("floor", "basement temperatures", *_BASEMENT_TEMPERATURES_5),
    _bench5("floor", "1階の人感センサー", *_GROUND_FLOOR_MOTION_5),
    _bench5(
        "plural",
        "speakers",
        "media_player.living_room_speaker_1",
        "media_player.wine_cellar_speaker_1",
    ),
    _bench5("order", "light level in the office", "sensor.office_multisensor_1_illuminance"),
]


def _demo6(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=6)


def _bench6(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=6)


_UPSTAIRS_LIGHTS_6: Final = ("light.office_rgbw_lights", "light.bed_light")
_UPSTAIRS_MOTION_6: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)
_GROUND_FLOOR_HUMIDITY_6: Final = (
    "sensor.guest_toilet_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
    "sensor.office_multisensor_2_humidity",
)

# Round 6: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities.
DEMO_HELD_OUT_6: Final = [
    _demo6("typo", "bakc garden watering", "valve.back_garden"),
    _demo6("typo", "carbon monoxid sensor", "sensor.carbon_monoxide"),
    _demo6("command", "is the pergola closed?", "cover.pergola_roof"),
    _demo6("command", "is it humid outside?", "sensor.outside_humidity"),
    _demo6("purpose", "it's freezing in the living room", "climate.heatpump"),
    _demo6("purpose", "water the fruit trees", "valve.orchard", "valve.trees"),
    _demo6("language", "światło w sypialni", "light.bed_light"),
    _demo6("language", "lampan på kontoret", "light.office_rgbw_lights"),
    _demo6("language", "ventilador do quarto", "fan.ceiling_fan"),
    _demo6("language", "cerradura de la puerta principal", "lock.front_door"),
    _demo6("language", "リビングの扇風機", "fan.living_room_fan"),
    _demo6("floor", "Licht im Obergeschoss", *_UPSTAIRS_LIGHTS_6),
    _demo6("plural", "kitchen windows", "cover.kitchen_window"),
    _demo6("alias", "nightstand light", "light.bed_light"),
    _demo6("order", "speaker in the kitchen", "media_player.kitchen"),
]

BENCH_HELD_OUT_6: Final = [
    _bench6("typo", "nursury relay", "switch.nursery_relay_1"),
    _bench6("typo", "cinmea celing light", "light.cinema_ceiling_light_1"),
    _bench6("command", "is the wine cellar shade down?", "cover.wine_cellar_shade_1"),
    _bench6(
        "purpose",
        "how much electricity is the office using",
        "sensor.office_multisensor_1_power",
        "sensor.office_multisensor_2_power",
    ),
    _bench6("purpose", "a light for the stairs", "light.landing_ceiling_light_1"),
    _bench6(
        "language",
        "temperatura w saunie",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench6("language", "lampan i arbetsrummet", "light.study_lamp_1"),
    _bench6("language", "persiana do jardim", "cover.garden_blind_1"),
    _bench6(
        "language", "enchufes del salón", "switch.living_room_plug_1", "switch.living_room_plug_2"
    ),
    _bench6("language", "寝室のブラインド", "cover.master_bedroom_shade_1"),
    _bench6("floor", "motion sensors upstairs", *_UPSTAIRS_MOTION_6),
    _bench6("floor", "humidity on the ground floor", *_GROUND_FLOOR_HUMIDITY_6),
    _bench6("alias", "spotlights by the front door", "light.entrance_spots_1"),
    _bench6("order", "lamp in the ensuite bathroom", "light.ensuite_lamp_1"),
    _bench6("room", "guest room temperature", "sensor.bedroom_3_multisensor_1_temperature"),
]


def _demo7(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=7)


def _bench7(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=7)


_GROUND_FLOOR_WINDOWS_7: Final = (
    "cover.living_room_window",
    "cover.kitchen_window",
    "cover.hall_window",
)
_UPSTAIRS_WINDOWS_7: Final = (
    "cover.landing_window_1",
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.dressing_room_detector_1_window",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
_BASEMENT_PLUGS_7: Final = ("switch.sauna_plug_1", "switch.storage_plug_1")
_RELAYS_7: Final = ("switch.library_relay_1", "switch.garden_relay_1", "switch.nursery_relay_1")

# Round 7: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities.
DEMO_HELD_OUT_7: Final = [
    _demo7("typo", "orchad valve", "valve.orchard"),
    _demo7("typo", "livng room windwo", "cover.living_room_window"),
    _demo7("command", "is the lawn mower docked?", "lawn_mower.my_lawn_mower"),
    _demo7("command", "are the sprinklers on in the back garden?", "valve.back_garden"),
    _demo7("purpose", "something to dry out the air", "humidifier.dehumidifier"),
    _demo7("purpose", "I'm cold in the office", "climate.ecobee"),
    _demo7("language", "Ventilator im Wohnzimmer", "fan.living_room_fan"),
    _demo7("language", "drzwi garażowe", "cover.garage_door"),
    _demo7("language", "luzes da sala de jantar", "light.ceiling_lights"),
    _demo7("language", "芝刈り機", "lawn_mower.my_lawn_mower"),
    _demo7("floor", "Fenster im Erdgeschoss", *_GROUND_FLOOR_WINDOWS_7),
    _demo7("plural", "bedroom lights", "light.bed_light"),
    _demo7("alias", "bedside lamp", "light.bed_light"),
    _demo7("room", "kitchen lock", "lock.kitchen_door"),
    _demo7("order", "light over the dining table", "light.ceiling_lights"),
]

BENCH_HELD_OUT_7: Final = [
    _bench7(
        "typo",
        "playrom windw sensor",
        "binary_sensor.playroom_detector_1_window",
        "binary_sensor.playroom_detector_1_window_2",
    ),
    _bench7("typo", "bolier room lock", "lock.boiler_room_door_lock_1"),
    _bench7("command", "is the office door shut?", "binary_sensor.office_detector_1_door"),
    _bench7("purpose", "keep the sun out of the master bedroom", "cover.master_bedroom_shade_1"),
    _bench7("purpose", "is the ensuite steamy?", "sensor.ensuite_multisensor_1_humidity"),
    _bench7("purpose", "warm up the dressing room", "climate.dressing_room_thermostat_1"),
    _bench7(
        "language",
        "température de la cave à vin",
        "sensor.wine_cellar_multisensor_1_temperature",
    ),
    _bench7("language", "taklampan i gymmet", "light.gym_ceiling_light_1"),
    _bench7("language", "altavoz de la bodega", "media_player.wine_cellar_speaker_1"),
    _bench7(
        "language",
        "浴室の窓",
        "binary_sensor.bathroom_detector_1_window",
        "binary_sensor.bathroom_detector_1_window_2",
    ),
    _bench7("floor", "upstairs windows", *_UPSTAIRS_WINDOWS_7),
    _bench7("floor", "Steckdosen im Keller", *_BASEMENT_PLUGS_7),
    _bench7("plural", "all the relays", *_RELAYS_7),
    _bench7("alias", "hallway lamp", "light.hall_lamp_1"),
    _bench7(
        "order",
        "power in the guest toilet",
        "sensor.guest_toilet_multisensor_2_power",
        "sensor.guest_toilet_multisensor_2_power_2",
    ),
]


def _demo8(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=8)


def _bench8(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=8)


_UPSTAIRS_AIR_CONDITIONING_8: Final = ("climate.hvac", "climate.ecobee", "switch.ac")
_UPSTAIRS_TEMPERATURES_8: Final = (
    "sensor.bedroom_3_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature_2",
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
    "climate.dressing_room_thermostat_1",
)

# Round 8: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities.
DEMO_HELD_OUT_8: Final = [
    _demo8("typo", "unlcok the kithen door", "lock.kitchen_door"),
    _demo8("typo", "set the ecobe to 21", "climate.ecobee"),
    _demo8("voice", "hey, could you turn off the fan in the living room?", "fan.living_room_fan"),
    _demo8(
        "voice", "alexa, switch on the christmas lights in the kitchen", "switch.decorative_lights"
    ),
    _demo8("command", "is the hall window still open?", "cover.hall_window"),
    _demo8("purpose", "the air is too dry", "humidifier.humidifier", "humidifier.hygrostat"),
    _demo8("purpose", "what's our power draw right now?", "sensor.power_consumption"),
    _demo8("alias", "leak sensor in the cellar", "binary_sensor.basement_floor_wet"),
    _demo8("language", "de verwarming in de woonkamer", "climate.heatpump"),
    _demo8("language", "är garageporten öppen?", "cover.garage_door"),
    _demo8("language", "玄関の鍵", "lock.front_door"),
    # A scene and a script share the name: either is what a person may mean (its writer
    # said so; the scene accepted after round 8's first run, bench/RESULTS.md).
    _demo8("language", "Feierabend im Büro", "script.buro_feierabend", "scene.buro_feierabend"),
    _demo8("floor", "la clim à l'étage", *_UPSTAIRS_AIR_CONDITIONING_8),
    _demo8("plural", "office lamps", "light.office_rgbw_lights"),
    _demo8("order", "battery of the outdoor thermometer", "sensor.outside_temperature_battery"),
]

BENCH_HELD_OUT_8: Final = [
    _bench8("typo", "wine celler temperture", "sensor.wine_cellar_multisensor_1_temperature"),
    _bench8("typo", "ensiute humidty", "sensor.ensuite_multisensor_1_humidity"),
    _bench8(
        "voice",
        "hey, can you switch off the led strip in the loo?",
        "light.guest_toilet_led_strip_1",
    ),
    _bench8(
        "voice",
        "ok google, put some music on in the wine cellar",
        "media_player.wine_cellar_speaker_1",
    ),
    _bench8("command", "is the landing window open?", "cover.landing_window_1"),
    _bench8(
        "command",
        "is the guest toilet window shut?",
        "binary_sensor.guest_toilet_detector_1_window",
        "binary_sensor.guest_toilet_detector_1_window_2",
    ),
    _bench8("purpose", "I can't see a thing in the pantry", "light.pantry_ceiling_light_1"),
    _bench8("purpose", "charge my phone in the storage room", "switch.storage_plug_1"),
    _bench8("language", "lampa w przedpokoju", "light.hall_lamp_1"),
    _bench8(
        "language",
        "¿hay alguien en el vestidor?",
        "binary_sensor.dressing_room_detector_1_occupancy",
        "binary_sensor.dressing_room_detector_1_occupancy_2",
    ),
    _bench8(
        "language",
        "書斎の人感センサー",
        "binary_sensor.office_detector_1_motion",
        "binary_sensor.office_detector_1_motion_2",
    ),
    _bench8("language", "fläkten i hemmabion", "switch.cinema_fan_1"),
    _bench8("floor", "what's the temperature upstairs?", *_UPSTAIRS_TEMPERATURES_8),
    _bench8("plural", "all the spotlights", "light.entrance_spots_1", "light.bedroom_2_spots_1"),
    _bench8("alias", "the baby's room relay", "switch.nursery_relay_1"),
]


def _demo9(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=9)


def _bench9(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=9)


_GROUND_FLOOR_LIGHTS_9: Final = (
    "light.living_room_rgbww_lights",
    "light.kitchen_lights",
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "switch.decorative_lights",
)
_BASEMENT_BLINDS_9: Final = ("cover.boiler_room_blind_1", "cover.wine_cellar_shade_1")

# Round 9: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_9: Final = [
    _demo9("typo", "hvac in the bedrom", "climate.hvac"),
    _demo9("typo", "garden humidty", "sensor.outside_humidity"),
    _demo9("voice", "siri, set the bedroom air conditioning to 20 degrees", "climate.hvac"),
    _demo9("voice", "alexa, play some music in the bedroom", "media_player.bedroom"),
    _demo9("command", "is the hygrostat running?", "humidifier.hygrostat"),
    _demo9("purpose", "something to dry the laundry", "humidifier.dehumidifier"),
    _demo9("purpose", "let some fresh air into the kitchen", "cover.kitchen_window"),
    _demo9("language", "le luci dell'ufficio", "light.office_rgbw_lights"),
    _demo9("language", "temperatura na zewnątrz", "sensor.outside_temperature"),
    _demo9("language", "¿está abierta la ventana del salón?", "cover.living_room_window"),
    # エアコン: the office's AC outlet, or its thermostat (it cools too).
    _demo9("language", "オフィスのエアコン", "switch.ac", "climate.ecobee"),
    _demo9("language", "Ist die Haustür abgeschlossen?", "lock.front_door"),
    _demo9("language", "takfläkten i sovrummet", "fan.ceiling_fan"),
    _demo9("floor", "Licht im Erdgeschoss", *_GROUND_FLOOR_LIGHTS_9),
    _demo9("alias", "front lawn sprinklers", "valve.front_garden"),
]

BENCH_HELD_OUT_9: Final = [
    _bench9("typo", "guest toilet led stirp", "light.guest_toilet_led_strip_1"),
    _bench9("voice", "alexa, lights on in the ensuite please", "light.ensuite_lamp_1"),
    _bench9(
        "voice",
        "ok google, pause the speaker in the living room",
        "media_player.living_room_speaker_1",
    ),
    _bench9("command", "is the wine cellar speaker playing?", "media_player.wine_cellar_speaker_1"),
    _bench9("purpose", "too dark to read in the study", "light.study_lamp_1"),
    _bench9(
        "purpose",
        "does the gym sensor need new batteries?",
        "sensor.gym_multisensor_2_battery",
        "sensor.gym_multisensor_2_battery_2",
    ),
    _bench9(
        "purpose", "is it damp in the guest toilet?", "sensor.guest_toilet_multisensor_1_humidity"
    ),
    _bench9("language", "Rollo im Heizungsraum", "cover.boiler_room_blind_1"),
    _bench9("language", "la tapparella della camera matrimoniale", "cover.master_bedroom_shade_1"),
    _bench9("language", "het slot van de stookruimte", "lock.boiler_room_door_lock_1"),
    _bench9(
        "language",
        "サウナの温度",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench9("language", "uttaget i bastun", "switch.sauna_plug_1"),
    _bench9("floor", "all the blinds in the basement", *_BASEMENT_BLINDS_9),
    _bench9("alias", "the kids' room spots", "light.bedroom_2_spots_1"),
    _bench9("order", "the office's humidity", "sensor.office_multisensor_2_humidity"),
]


def _demo10(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=10)


def _bench10(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=10)


_DOWNSTAIRS_WINDOWS_10: Final = (
    "cover.kitchen_window",
    "cover.hall_window",
    "cover.living_room_window",
)
_BASEMENT_POWER_10: Final = (
    "sensor.gym_multisensor_1_power",
    "sensor.gym_multisensor_1_power_2",
    "sensor.gym_multisensor_2_power",
)

# Round 10: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_10: Final = [
    _demo10("typo", "walkmann", "media_player.walkman"),
    _demo10("typo", "dinning room ceiling lihgts", "light.ceiling_lights"),
    _demo10("voice", "alexa, turn on the humidifier please", "humidifier.humidifier"),
    _demo10("voice", "hey siri, run welcome home", "script.welcome_home"),
    # The orchard's trees are trees too.
    _demo10("command", "are the trees being watered right now?", "valve.trees", "valve.orchard"),
    _demo10("purpose", "how much gas have we used?", "sensor.total_gas_m3", "sensor.total_gas_ft3"),
    _demo10("purpose", "set the living room up for a film", "scene.movie_time"),
    _demo10("alias", "co2 sensor battery", "sensor.carbon_dioxide_battery"),
    _demo10("language", "Ist das Küchenfenster zu?", "cover.kitchen_window"),
    _demo10("language", "la porte de la cuisine est-elle verrouillée ?", "lock.kitchen_door"),
    _demo10("language", "el cortacésped", "lawn_mower.my_lawn_mower"),
    _demo10("language", "il ventilatore a soffitto in camera da letto", "fan.ceiling_fan"),
    _demo10("language", "除湿機", "humidifier.dehumidifier"),
    _demo10("language", "a porta da garagem está aberta?", "cover.garage_door"),
    _demo10("floor", "which windows are open downstairs?", *_DOWNSTAIRS_WINDOWS_10),
]

BENCH_HELD_OUT_10: Final = [
    _bench10(
        "typo",
        "studdy temperture",
        "sensor.study_multisensor_1_temperature",
        "sensor.study_multisensor_1_temperature_2",
    ),
    _bench10(
        "typo",
        "playrom window",
        "binary_sensor.playroom_detector_1_window",
        "binary_sensor.playroom_detector_1_window_2",
    ),
    _bench10(
        "voice", "hey google, turn on the lights on the landing", "light.landing_ceiling_light_1"
    ),
    _bench10(
        "voice",
        "hey siri, is anyone in the dressing room?",
        "binary_sensor.dressing_room_detector_1_occupancy",
        "binary_sensor.dressing_room_detector_1_occupancy_2",
    ),
    _bench10(
        "command",
        "is the bathroom window open?",
        "binary_sensor.bathroom_detector_1_window",
        "binary_sensor.bathroom_detector_1_window_2",
    ),
    _bench10(
        "command",
        "any motion in the guest toilet?",
        "binary_sensor.guest_toilet_detector_1_motion",
        "binary_sensor.guest_toilet_detector_1_motion_2",
    ),
    _bench10(
        "purpose",
        "how much power is the office using?",
        "sensor.office_multisensor_1_power",
        "sensor.office_multisensor_2_power",
    ),
    _bench10("alias", "the library switch", "switch.library_relay_1"),
    _bench10("language", "el termostato del vestidor", "climate.dressing_room_thermostat_1"),
    _bench10("language", "i faretti dell'ingresso", "light.entrance_spots_1"),
    _bench10("language", "het raam op de overloop", "cover.landing_window_1"),
    _bench10("language", "roleta w kotłowni", "cover.boiler_room_blind_1"),
    _bench10("language", "書斎の明るさ", "sensor.office_multisensor_1_illuminance"),
    _bench10("floor", "power usage in the basement", *_BASEMENT_POWER_10),
    _bench10(
        "plural",
        "all the plugs in the living room",
        "switch.living_room_plug_1",
        "switch.living_room_plug_2",
    ),
]


def _demo11(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=11)


def _bench11(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=11)


_FIRST_FLOOR_LIGHTS_11: Final = ("light.bed_light", "light.office_rgbw_lights")
_DEMO_LOCKS_11: Final = (
    "lock.front_door",
    "lock.kitchen_door",
    "lock.poorly_installed_door",
    "lock.openable_lock",
)
_UPSTAIRS_WINDOWS_11: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.dressing_room_detector_1_window",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
    "cover.landing_window_1",
)

# Round 11: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_11: Final = [
    _demo11("typo", "ecobe thermostat", "climate.ecobee"),
    _demo11("typo", "kichen door lok", "lock.kitchen_door"),
    _demo11("voice", "hey siri, is the back garden being watered?", "valve.back_garden"),
    _demo11("command", "is the hall window closed?", "cover.hall_window"),
    _demo11("command", "is the heat pump heating?", "climate.heatpump"),
    # An open window gives a breeze as well.
    _demo11(
        "purpose",
        "I need a breeze in the living room",
        "fan.living_room_fan",
        "cover.living_room_window",
    ),
    _demo11(
        "purpose",
        "how much electricity have we used in total?",
        "sensor.total_energy_kwh",
        "sensor.total_energy_mwh",
    ),
    _demo11("alias", "the lounge window", "cover.living_room_window"),
    _demo11("language", "wentylator w sypialni", "fan.ceiling_fan"),
    _demo11("language", "är ytterdörren låst?", "lock.front_door"),
    _demo11("language", "de luchtontvochtiger", "humidifier.dehumidifier"),
    _demo11("language", "ガレージのドアを閉めて", "cover.garage_door"),
    # The orchard's trees are watered by their own valve.
    _demo11("language", "arrose le verger", "valve.orchard", "valve.trees"),
    _demo11("floor", "turn off every light on the first floor", *_FIRST_FLOOR_LIGHTS_11),
    _demo11("plural", "which doors are unlocked?", *_DEMO_LOCKS_11),
]

BENCH_HELD_OUT_11: Final = [
    _bench11(
        "typo",
        "ensuite temprature",
        "sensor.ensuite_multisensor_1_temperature",
        "sensor.ensuite_multisensor_1_temperature_2",
    ),
    _bench11(
        "typo",
        "guest toilett window",
        "binary_sensor.guest_toilet_detector_1_window",
        "binary_sensor.guest_toilet_detector_1_window_2",
    ),
    _bench11("voice", "ok google, switch on the garden lights", "light.garden_ceiling_light_1"),
    _bench11("voice", "siri, lock the boiler room", "lock.boiler_room_door_lock_1"),
    _bench11("command", "is the office door open?", "binary_sensor.office_detector_1_door"),
    _bench11(
        "command",
        "any movement in the bathroom?",
        "binary_sensor.bathroom_detector_1_motion",
        "binary_sensor.bathroom_detector_1_motion_2",
    ),
    _bench11(
        "purpose",
        "how bright is it in the dining room?",
        "sensor.dining_room_multisensor_1_illuminance",
    ),
    _bench11(
        "purpose",
        "is the sauna hot yet?",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench11("purpose", "keep the sunlight off the wine", "cover.wine_cellar_shade_1"),
    _bench11("language", "la cassa in soggiorno", "media_player.living_room_speaker_1"),
    _bench11("language", "Licht im Treppenhaus", "light.landing_ceiling_light_1"),
    _bench11("language", "ジムの天井の電気", "light.gym_ceiling_light_1"),
    _bench11("language", "światło w spiżarni", "light.pantry_ceiling_light_1"),
    _bench11("floor", "are any windows open upstairs?", *_UPSTAIRS_WINDOWS_11),
    _bench11(
        "plural",
        "all the speakers",
        "media_player.living_room_speaker_1",
        "media_player.wine_cellar_speaker_1",
    ),
]


def _demo12(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=12)


def _bench12(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=12)


_UPSTAIRS_LIGHTS_12: Final = ("light.bed_light", "light.office_rgbw_lights")
_DEMO_WINDOWS_12: Final = ("cover.hall_window", "cover.kitchen_window", "cover.living_room_window")
_GYM_LIGHTS_12: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
# "el baño": the bathroom upstairs, or the guest toilet downstairs.
_BATHROOM_WINDOWS_12: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
)
_GROUND_FLOOR_MOTION_12: Final = (
    "binary_sensor.guest_toilet_detector_1_motion",
    "binary_sensor.guest_toilet_detector_1_motion_2",
    "binary_sensor.office_detector_1_motion",
    "binary_sensor.office_detector_1_motion_2",
)

# Round 12: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_12: Final = [
    _demo12("typo", "trun off the livign room fan", "fan.living_room_fan"),
    _demo12("typo", "carbon dioxde levle", "sensor.carbon_dioxide"),
    _demo12("voice", "hey google, stop the music in the kitchen", "media_player.kitchen"),
    _demo12("voice", "siri, warm up the living room a bit", "climate.heatpump"),
    _demo12("command", "did someone leave the kitchen window open?", "cover.kitchen_window"),
    # A hygrostat keeps the humidity where it is set: it dries the air too.
    _demo12("purpose", "it's muggy in here", "humidifier.dehumidifier", "humidifier.hygrostat"),
    _demo12("purpose", "keep the rain off the patio", "cover.pergola_roof"),
    _demo12("alias", "the fairy lights", "switch.decorative_lights"),
    _demo12("language", "客厅的灯", "light.living_room_rgbww_lights"),
    _demo12("language", "침실 선풍기", "fan.ceiling_fan"),
    _demo12("language", "Läuft der Rasenmäher gerade?", "lawn_mower.my_lawn_mower"),
    _demo12("language", "è chiusa a chiave la porta della cucina?", "lock.kitchen_door"),
    _demo12("language", "外の気温", "sensor.outside_temperature"),
    _demo12("floor", "楼上的灯", *_UPSTAIRS_LIGHTS_12),
    _demo12("plural", "close all the windows", *_DEMO_WINDOWS_12),
]

BENCH_HELD_OUT_12: Final = [
    _bench12("typo", "dinning room temprature", "sensor.dining_room_multisensor_2_temperature"),
    _bench12("typo", "boilr room blnd", "cover.boiler_room_blind_1"),
    _bench12(
        "voice",
        "hey google, how hot is it in the wine cellar?",
        "sensor.wine_cellar_multisensor_1_temperature",
    ),
    _bench12(
        "voice",
        "ok google, turn the thermostat in the dressing room up",
        "climate.dressing_room_thermostat_1",
    ),
    _bench12("command", "did I leave the storage room plug on?", "switch.storage_plug_1"),
    _bench12("purpose", "it's too sunny in the garden", "cover.garden_blind_1"),
    _bench12(
        "purpose", "is the guest room warm enough?", "sensor.bedroom_3_multisensor_1_temperature"
    ),
    _bench12("alias", "the movie room lights", "light.cinema_ceiling_light_1"),
    _bench12("language", "거실 스피커", "media_player.living_room_speaker_1"),
    _bench12("language", "健身房的灯", *_GYM_LIGHTS_12),
    _bench12("language", "a tomada da sauna", "switch.sauna_plug_1"),
    _bench12("language", "¿hay alguna ventana abierta en el baño?", *_BATHROOM_WINDOWS_12),
    _bench12("language", "Ist das Licht in der Speisekammer an?", "light.pantry_ceiling_light_1"),
    _bench12("floor", "any motion downstairs?", *_GROUND_FLOOR_MOTION_12),
    _bench12(
        "plural",
        "which thermostats are heating?",
        "climate.dressing_room_thermostat_1",
        "climate.thermostat_1",
    ),
]


def _demo13(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=13)


def _bench13(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=13)


# "the back door": any door but the front one (the kitchen's, most likely).
_BACK_DOORS_13: Final = ("lock.kitchen_door", "lock.poorly_installed_door", "lock.openable_lock")
_UPSTAIRS_LIGHTS_13: Final = ("light.bed_light", "light.office_rgbw_lights")
_DEMO_FANS_13: Final = (
    "fan.ceiling_fan",
    "fan.living_room_fan",
    "fan.percentage_full_fan",
    "fan.percentage_limited_fan",
    "fan.preset_only_limited_fan",
)
_BASEMENT_LIGHTS_13: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
    "light.pantry_ceiling_light_1",
)
_LAMPS_13: Final = (
    "light.gym_lamp_1",
    "light.study_lamp_1",
    "light.ensuite_lamp_1",
    "light.hall_lamp_1",
)

# Round 13: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_13: Final = [
    # A real word for another: "widow" for "window".
    _demo13("typo", "close the kitchen widow", "cover.kitchen_window"),
    _demo13("typo", "is the frontdoor lokced?", "lock.front_door"),
    _demo13("voice", "Alexa, dreh die Heizung im Wohnzimmer auf", "climate.heatpump"),
    _demo13("voice", "OK Google、リビングの電気を消して", "light.living_room_rgbww_lights"),
    _demo13("command", "make it 22 degrees in the office", "climate.ecobee"),
    _demo13("command", "did I forget to lock the back door?", *_BACK_DOORS_13),
    _demo13("purpose", "the grass is getting long", "lawn_mower.my_lawn_mower"),
    _demo13(
        "purpose", "dinner's ready, light up the table", "light.ceiling_lights", "scene.dinner"
    ),
    _demo13("alias", "the porch light", "light.entrance_color_white_lights"),
    # The lounge room's TV, or the living room's video player.
    _demo13("alias", "the big TV", "media_player.lounge_room", "media_player.living_room"),
    _demo13("language", "침실 에어컨 꺼줘", "climate.hvac"),
    _demo13("language", "车库门关了吗", "cover.garage_door"),
    _demo13("language", "apaga a luz do escritório", "light.office_rgbw_lights"),
    _demo13("floor", "spegni le luci al piano di sopra", *_UPSTAIRS_LIGHTS_13),
    _demo13("plural", "turn off all the fans", *_DEMO_FANS_13),
]

BENCH_HELD_OUT_13: Final = [
    _bench13("typo", "mastr bedroom shdae", "cover.master_bedroom_shade_1"),
    # A word that sounds the same: "seller" for "cellar".
    _bench13("typo", "wine seller speaker", "media_player.wine_cellar_speaker_1"),
    _bench13(
        "voice",
        "Alexa, schalte die Steckdose im Wohnzimmer ein",
        "switch.living_room_plug_1",
        "switch.living_room_plug_2",
    ),
    _bench13(
        "voice",
        "Siri, wie warm ist es in der Sauna?",
        "sensor.sauna_multisensor_1_temperature",
        "sensor.sauna_multisensor_1_temperature_2",
    ),
    _bench13(
        "command",
        "did the kids leave the playroom window open?",
        "binary_sensor.playroom_detector_1_window",
        "binary_sensor.playroom_detector_1_window_2",
    ),
    _bench13(
        "purpose", "is the wine cellar cool enough?", "sensor.wine_cellar_multisensor_1_temperature"
    ),
    _bench13("purpose", "the toddler's napping, switch off the nursery", "switch.nursery_relay_1"),
    _bench13("alias", "the downstairs loo light", "light.guest_toilet_led_strip_1"),
    _bench13(
        "language",
        "욕실 창문 열려 있어?",
        "binary_sensor.bathroom_detector_1_window",
        "binary_sensor.bathroom_detector_1_window_2",
    ),
    _bench13("language", "书房的台灯", "light.study_lamp_1"),
    _bench13("language", "o termostato do closet", "climate.dressing_room_thermostat_1"),
    # French typed without its accents ("lumière de l'entrée").
    _bench13("language", "lumiere de l'entree", "light.entrance_spots_1"),
    _bench13(
        "language",
        "accendi la lampada in palestra",
        "light.gym_lamp_1",
        "light.gym_ceiling_light_1",
    ),
    _bench13("floor", "地下の照明", *_BASEMENT_LIGHTS_13),
    _bench13("plural", "turn off all the lamps", *_LAMPS_13),
]


def _demo14(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=14)


def _bench14(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=14)


# The decorative lights are a switch, and lights to whoever asks for lights.
_DEMO_LIGHTS_14: Final = (
    "light.bed_light",
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "light.kitchen_lights",
    "light.living_room_rgbww_lights",
    "light.office_rgbw_lights",
    "switch.decorative_lights",
)
_GROUND_FLOOR_LIGHTS_14: Final = (
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "light.kitchen_lights",
    "light.living_room_rgbww_lights",
    "switch.decorative_lights",
)
_FIRST_FLOOR_LIGHTS_14: Final = (
    "light.bedroom_2_spots_1",
    "light.ensuite_lamp_1",
    "light.landing_ceiling_light_1",
    "light.study_lamp_1",
)
# The guest toilet multisensor's second temperature has the pantry as its own
# area, but its name says the guest toilet.
_GUEST_TOILET_TEMPERATURES_14: Final = (
    "sensor.guest_toilet_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_3",
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
_POWER_SENSORS_14: Final = (
    "sensor.bedroom_3_multisensor_1_power",
    "sensor.guest_toilet_multisensor_2_power",
    "sensor.guest_toilet_multisensor_2_power_2",
    "sensor.gym_multisensor_1_power",
    "sensor.gym_multisensor_1_power_2",
    "sensor.gym_multisensor_2_power",
    "sensor.office_multisensor_1_power",
    "sensor.office_multisensor_2_power",
)
# Blinds and shades; a window is not a blind.
_BLINDS_14: Final = (
    "cover.blind_1",
    "cover.boiler_room_blind_1",
    "cover.garden_blind_1",
    "cover.master_bedroom_shade_1",
    "cover.wine_cellar_shade_1",
)

# Round 14: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities, every domain checked for a namesake.
DEMO_HELD_OUT_14: Final = [
    _demo14("typo", "bedrom air conditoner", "climate.hvac"),
    # Speech to text heard "garbage" for "garage".
    _demo14("typo", "close the garbage door", "cover.garage_door"),
    _demo14("voice", "alexa, is anybody in the back yard?", "binary_sensor.movement_backyard"),
    _demo14("voice", "hey google, turn the music down in the bedroom", "media_player.bedroom"),
    # The office's AC is a plug; its Ecobee cools as well.
    _demo14("command", "did I leave the AC running in the office?", "switch.ac", "climate.ecobee"),
    _demo14("command", "did someone switch the humidifier off?", "humidifier.humidifier"),
    _demo14("purpose", "the grass out front is turning brown", "valve.front_garden"),
    _demo14("purpose", "there's glare on the TV in the lounge", "cover.living_room_window"),
    _demo14("alias", "the TV room light", "light.living_room_rgbww_lights"),
    _demo14("language", "enciende la luz del dormitorio", "light.bed_light"),
    _demo14("language", "desliga o ventilador da sala", "fan.living_room_fan"),
    _demo14("language", "前门锁了吗", "lock.front_door"),
    _demo14("language", "부엌 창문 닫아줘", "cover.kitchen_window"),
    _demo14("floor", "alle Lichter unten ausschalten", *_GROUND_FLOOR_LIGHTS_14),
    _demo14("plural", "which lights are still on?", *_DEMO_LIGHTS_14),
]

BENCH_HELD_OUT_14: Final = [
    _bench14(
        "typo",
        "bathroom moshun sensor",
        "binary_sensor.bathroom_detector_1_motion",
        "binary_sensor.bathroom_detector_1_motion_2",
    ),
    # "of" for "off": a word itself.
    _bench14("typo", "turn of the gym lites", "light.gym_ceiling_light_1", "light.gym_lamp_1"),
    _bench14(
        "voice",
        "alexa, what's the temperature in the guest toilet?",
        *_GUEST_TOILET_TEMPERATURES_14,
    ),
    _bench14(
        "voice", "hey google, dim the landing light to 30 percent", "light.landing_ceiling_light_1"
    ),
    _bench14(
        "command",
        "is the dressing room window still open?",
        "binary_sensor.dressing_room_detector_1_window",
    ),
    _bench14("purpose", "which room uses the most electricity?", *_POWER_SENSORS_14),
    _bench14(
        "purpose",
        "the neighbours can see right into the master bedroom",
        "cover.master_bedroom_shade_1",
    ),
    # "Box room": a British word for a small storage room.
    _bench14("alias", "box room plug", "switch.storage_plug_1"),
    # "Spare room": the guest room (Bedroom 3).
    _bench14("alias", "how warm is the spare room?", "sensor.bedroom_3_multisensor_1_temperature"),
    _bench14(
        "language",
        "c'è movimento in ufficio?",
        "binary_sensor.office_detector_1_motion",
        "binary_sensor.office_detector_1_motion_2",
    ),
    _bench14("language", "トイレの電気消して", "light.guest_toilet_led_strip_1"),
    # "Кабинет": an office or a study.
    _bench14(
        "language",
        "температура в кабинете",
        "sensor.office_multisensor_2_temperature",
        "sensor.study_multisensor_1_temperature",
        "sensor.study_multisensor_1_temperature_2",
    ),
    _bench14(
        "language", "¿cuánta luz hay en el comedor?", "sensor.dining_room_multisensor_1_illuminance"
    ),
    _bench14("floor", "las luces de arriba", *_FIRST_FLOOR_LIGHTS_14),
    _bench14("plural", "close all the blinds before we leave", *_BLINDS_14),
]


def _demo15(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=15)


def _bench15(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=15)


# Every routine for bedtime, in each language the house names one.
_DEMO_NIGHT_ROUTINES_15: Final = (
    "script.good_night",
    "script.bonne_nuit",
    "script.oyasumi",
    "scene.bonne_nuit",
    "scene.oyasumi",
)
# What plays music: the demo's players (in no room) and their group.
_DEMO_MEDIA_PLAYERS_15: Final = (
    "media_player.living_room",
    "media_player.bedroom",
    "media_player.kitchen",
    "media_player.lounge_room",
    "media_player.walkman",
    "media_player.group",
)
# "Out back": the garden's valves but the front garden's, and the script that waters it.
_DEMO_BACK_WATERING_15: Final = (
    "valve.back_garden",
    "valve.orchard",
    "valve.trees",
    "script.water_the_garden",
)
_BATTERIES_15: Final = (
    "sensor.bedroom_2_multisensor_1_battery",
    "sensor.bedroom_3_multisensor_1_battery",
    "sensor.dining_room_multisensor_2_battery",
    "sensor.ensuite_multisensor_1_battery",
    "sensor.guest_toilet_multisensor_2_battery",
    "sensor.gym_multisensor_2_battery",
    "sensor.gym_multisensor_2_battery_2",
    "sensor.office_multisensor_1_battery",
    "sensor.office_multisensor_1_battery_2",
    "sensor.sauna_multisensor_1_battery",
    "sensor.sauna_multisensor_1_battery_2",
)
_FIRST_FLOOR_HUMIDITY_15: Final = (
    "sensor.bedroom_2_multisensor_1_humidity",
    "sensor.bedroom_3_multisensor_1_humidity",
    "sensor.ensuite_multisensor_1_humidity",
    "sensor.study_multisensor_1_humidity",
)
# The guest toilet's second temperature has the pantry (in the basement) as its own area.
_GROUND_FLOOR_TEMPERATURES_15: Final = (
    "sensor.dining_room_multisensor_2_temperature",
    "sensor.guest_toilet_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_3",
    "sensor.office_multisensor_2_temperature",
)

# Round 15: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_15: Final = [
    # Two typos: "lites" and "loungue"; the mood lights are the lounge's alias.
    _demo15("typo", "mood lites in the loungue", "light.living_room_rgbww_lights"),
    _demo15("typo", "is the dehumidifer runnig?", "humidifier.dehumidifier"),
    # The kitchen's window is a cover: people call it the blinds.
    _demo15("voice", "ok google, close the blinds in the kitchen", "cover.kitchen_window"),
    _demo15("voice", "alexa, good night", *_DEMO_NIGHT_ROUTINES_15),
    _demo15("command", "did the kids leave the bedroom fan running?", "fan.ceiling_fan"),
    _demo15("purpose", "do I need a jacket?", "sensor.outside_temperature"),
    _demo15("purpose", "the plants out back are thirsty", *_DEMO_BACK_WATERING_15),
    _demo15(
        "purpose",
        "someone's at the door, let them in",
        "lock.front_door",
        "script.unlock_front_door",
    ),
    _demo15("language", "sube la persiana del salón", "cover.living_room_window"),
    # "Vorgarten": the front garden; "Rasensprenger": a sprinkler.
    _demo15("language", "Ist der Rasensprenger im Vorgarten an?", "valve.front_garden"),
    # "In camera": in the bedroom; its climate is the Hvac.
    _demo15("language", "abbassa il riscaldamento in camera", "climate.hvac"),
    # "車庫": a garage, not the area's alias (ガレージ); "シャッター": its door.
    _demo15("language", "車庫のシャッター閉まってる？", "cover.garage_door"),
    # "불": fire, said for a light.
    _demo15("language", "현관 불 켜줘", "light.entrance_color_white_lights"),
    _demo15(
        "floor", "apaga as luzes do andar de cima", "light.office_rgbw_lights", "light.bed_light"
    ),
    _demo15("plural", "stop all the music", *_DEMO_MEDIA_PLAYERS_15),
]

BENCH_HELD_OUT_15: Final = [
    _bench15("typo", "pantery ligth", "light.pantry_ceiling_light_1"),
    _bench15("voice", "alexa, skip this song in the lounge", "media_player.living_room_speaker_1"),
    _bench15("voice", "hey siri, open the boiler room blind halfway", "cover.boiler_room_blind_1"),
    _bench15(
        "command",
        "did I leave a light on in the gym?",
        "light.gym_ceiling_light_1",
        "light.gym_lamp_1",
    ),
    _bench15("plural", "which batteries are low?", *_BATTERIES_15),
    # "The kids' room": Bedroom 2 (Kinderzimmer); the nursery has no humidity.
    _bench15("alias", "how damp is the kids' room?", "sensor.bedroom_2_multisensor_1_humidity"),
    _bench15(
        "purpose",
        "the wine is getting too warm",
        "sensor.wine_cellar_multisensor_1_temperature",
        "cover.wine_cellar_shade_1",
    ),
    # "Home theater": the American word for the cinema (alias "Home cinema").
    _bench15("purpose", "it's stuffy in the home theater", "switch.cinema_fan_1"),
    # "Sala de calderas": the boiler room.
    _bench15(
        "language",
        "¿está cerrada con llave la sala de calderas?",
        "lock.boiler_room_door_lock_1",
    ),
    # "Elternschlafzimmer": the parents' bedroom; "Rollladen": a roller shutter.
    _bench15(
        "language",
        "Ist der Rollladen im Elternschlafzimmer unten?",
        "cover.master_bedroom_shade_1",
    ),
    _bench15(
        "language", "把客厅的插座关掉", "switch.living_room_plug_1", "switch.living_room_plug_2"
    ),
    # "서재": a study; "스탠드": a desk lamp.
    _bench15("language", "서재 스탠드 켜줘", "light.study_lamp_1"),
    # "Flurlampe": one word, the hall (alias "Flur") and a lamp.
    _bench15("language", "Flurlampe einschalten", "light.hall_lamp_1"),
    _bench15("floor", "how humid is it upstairs?", *_FIRST_FLOOR_HUMIDITY_15),
    _bench15("floor", "le temperature al piano terra", *_GROUND_FLOOR_TEMPERATURES_15),
]


def _demo16(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=16)


def _bench16(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=16)


_DEMO_VALVES_16: Final = ("valve.front_garden", "valve.back_garden", "valve.orchard", "valve.trees")
# The guest toilet's second temperature has the pantry (in the basement) as its own area.
_BASEMENT_TEMPERATURES_16: Final = (
    "sensor.gym_multisensor_1_temperature",
    "sensor.gym_multisensor_1_temperature_2",
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
    "sensor.wine_cellar_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
# Every outlet, in a room or not (the relays and the cinema's fan are switches, not plugs).
_PLUGS_16: Final = (
    "switch.living_room_plug_1",
    "switch.living_room_plug_2",
    "switch.plug_1",
    "switch.sauna_plug_1",
    "switch.storage_plug_1",
)

# Round 16: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_16: Final = [
    # "s" for "a": its neighbour on the keyboard.
    _demo16("typo", "close the pergols roof", "cover.pergola_roof"),
    # Speech to text heard a real word, "hydrostat", for the hygrostat.
    _demo16("typo", "set the hydrostat to 45 percent", "humidifier.hygrostat"),
    # "Dormitorio": the bedroom; its fan is the ceiling fan.
    _demo16("voice", "Oye Siri, enciende el ventilador del dormitorio", "fan.ceiling_fan"),
    _demo16("voice", "alexa, movie night", "scene.movie_time"),
    _demo16("voice", "ok google, set the office to twenty one degrees", "climate.ecobee"),
    _demo16("command", "has the mower gone back to its dock?", "lawn_mower.my_lawn_mower"),
    _demo16("command", "is the kitchen door still unlocked?", "lock.kitchen_door"),
    # The kitchen's carbon monoxide sensor.
    _demo16("purpose", "is the kitchen air safe?", "sensor.carbon_monoxide"),
    _demo16("purpose", "I want to read in bed", "light.bed_light"),
    _demo16("alias", "Dad's office lamp", "light.office_rgbw_lights"),
    # Spanish with an English word; the kitchen's decorative lights are lights too.
    _demo16(
        "language",
        "prende las lights de la cocina",
        "light.kitchen_lights",
        "switch.decorative_lights",
    ),
    # "洒水器": sprinklers; "花园": the garden, whose valves they are.
    _demo16("language", "花园的洒水器开着吗", *_DEMO_VALVES_16),
    # "가습기": a humidifier.
    _demo16("language", "가습기 좀 켜줘", "humidifier.humidifier"),
    # "Planta baja": the ground floor; its only climate is the heat pump.
    _demo16("floor", "¿hace frío en la planta baja?", "climate.heatpump"),
    _demo16("plural", "shut off all the water outside", *_DEMO_VALVES_16),
]

BENCH_HELD_OUT_16: Final = [
    _bench16("typo", "landign windwo", "cover.landing_window_1"),
    _bench16("typo", "is the stoarge plug on?", "switch.storage_plug_1"),
    # "Gästezimmer": the guest room (Bedroom 3).
    _bench16(
        "voice",
        "Hey Google, wie warm ist es im Gästezimmer?",
        "sensor.bedroom_3_multisensor_1_temperature",
    ),
    # The only speaker on the ground floor.
    _bench16("voice", "alexa, stop the music downstairs", "media_player.living_room_speaker_1"),
    _bench16("command", "is the garden light still on?", "light.garden_ceiling_light_1"),
    # The sauna's heater is what its plug powers.
    _bench16("purpose", "warm up the sauna", "switch.sauna_plug_1"),
    _bench16(
        "purpose",
        "the film's starting, kill the lights in the cinema",
        "light.cinema_ceiling_light_1",
    ),
    # "Workout room": the gym.
    _bench16("alias", "the workout room lights", "light.gym_ceiling_light_1", "light.gym_lamp_1"),
    # "Pasillo": the hall (a corridor).
    _bench16("language", "¿está encendida la luz del pasillo?", "light.hall_lamp_1"),
    # "Quarto": a bedroom; the only bedroom with a cover is the master bedroom.
    _bench16("language", "fecha a persiana do quarto", "cover.master_bedroom_shade_1"),
    # "子供部屋": the nursery's alias (its relay), or the kids' room (Bedroom 2's spots).
    _bench16(
        "language",
        "子供部屋の電気を消して",
        "switch.nursery_relay_1",
        "light.bedroom_2_spots_1",
    ),
    # "와인 저장고": a wine cellar; "블라인드 내려줘": lower the blind.
    _bench16("language", "와인 저장고 블라인드 내려줘", "cover.wine_cellar_shade_1"),
    # "地下室": the basement, no alias of its floor.
    _bench16("floor", "地下室的温度", *_BASEMENT_TEMPERATURES_16),
    _bench16("floor", "are the basement doors locked?", "lock.boiler_room_door_lock_1"),
    _bench16("plural", "which plugs are on?", *_PLUGS_16),
]


def _demo17(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=17)


def _bench17(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=17)


_DEMO_LOCKS_17: Final = (
    "lock.front_door",
    "lock.kitchen_door",
    "lock.poorly_installed_door",
    "lock.openable_lock",
)
_UPSTAIRS_LIGHTS_17: Final = ("light.bed_light", "light.office_rgbw_lights")
# The kitchen's decorative lights are lights too.
_KITCHEN_LIGHTS_17: Final = ("light.kitchen_lights", "switch.decorative_lights")
_GARAGE_DOOR_17: Final = ("cover.garage_door", "scene.open_the_garage")
_GYM_LIGHTS_17: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
_PLAYROOM_WINDOWS_17: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# The only windows on the ground floor are the guest toilet's (sensors, not covers).
_GROUND_FLOOR_WINDOWS_17: Final = (
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
)
# Every temperature on the first floor, the dressing room's thermostat with them.
_FIRST_FLOOR_TEMPERATURES_17: Final = (
    "sensor.bedroom_3_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature_2",
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
    "climate.dressing_room_thermostat_1",
)
_CEILING_LIGHTS_17: Final = (
    "light.living_room_ceiling_light_1",
    "light.garden_ceiling_light_1",
    "light.ceiling_light_1",
    "light.landing_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.cinema_ceiling_light_1",
    "light.pantry_ceiling_light_1",
)

# Round 17: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_17: Final = [
    # Two typos; the scene that opens the garage is meant as well.
    _demo17("typo", "open the garge dorr", *_GARAGE_DOOR_17),
    # A phone's autocorrect made "lights" a real word, "lifts".
    _demo17("typo", "turn on the kitchen lifts", *_KITCHEN_LIGHTS_17),
    _demo17("voice", "alexa, speed up the fan in the bedroom", "fan.ceiling_fan"),
    # "Cucina": the kitchen, no alias of its area.
    _demo17("voice", "Ehi Google, accendi le luci in cucina", *_KITCHEN_LIGHTS_17),
    # The demo's media players have no area: the living room's, or the lounge room's TV.
    _demo17(
        "command",
        "is anything still playing in the living room?",
        "media_player.living_room",
        "media_player.lounge_room",
    ),
    _demo17("command", "what's the heat pump set to?", "climate.heatpump"),
    _demo17("purpose", "let the car in", *_GARAGE_DOOR_17),
    # The office's carbon dioxide sensor.
    _demo17(
        "purpose", "I've got a headache in the office, is the air stale?", "sensor.carbon_dioxide"
    ),
    # The bedroom's air conditioning, or its ceiling fan.
    _demo17("purpose", "it's too hot to sleep", "climate.hvac", "fan.ceiling_fan"),
    # The living room's colour lights, by what the family uses them for.
    _demo17("alias", "the party lights in the lounge", "light.living_room_rgbww_lights"),
    # "窓を閉めて": close the window.
    _demo17("language", "キッチンの窓を閉めて", "cover.kitchen_window"),
    # "卧室的空调开着吗": is the bedroom's air conditioning on?
    _demo17("language", "卧室的空调开着吗", "climate.hvac"),
    # "Rega do pomar": the orchard's watering.
    _demo17("language", "a rega do pomar está ligada?", "valve.orchard"),
    # "2층": the second storey (the first floor); "조명 꺼줘": turn off the lights.
    _demo17("floor", "2층 조명 꺼줘", *_UPSTAIRS_LIGHTS_17),
    _demo17("plural", "hey google, lock all the doors", *_DEMO_LOCKS_17),
]

BENCH_HELD_OUT_17: Final = [
    _bench17("typo", "tun on the hal lamp", "light.hall_lamp_1"),
    _bench17("typo", "swich off the landing lihgt", "light.landing_ceiling_light_1"),
    _bench17(
        "voice", "ok google, volume up in the wine cellar", "media_player.wine_cellar_speaker_1"
    ),
    # "Diele": the hall, no alias of it.
    _bench17("voice", "Alexa, mach die Lampe in der Diele aus", "light.hall_lamp_1"),
    _bench17("command", "did someone leave the ensuite lamp on?", "light.ensuite_lamp_1"),
    # Weights: the gym's.
    _bench17("purpose", "I'm about to lift weights, get the lights on", *_GYM_LIGHTS_17),
    # "Granny's room": the guest room (Bedroom 3).
    _bench17("alias", "Granny's room humidity", "sensor.bedroom_3_multisensor_1_humidity"),
    # "Walk-in closet": the dressing room.
    _bench17(
        "alias", "is the heating on in the walk-in closet?", "climate.dressing_room_thermostat_1"
    ),
    # "놀이방": the playroom; "창문 열려 있어?": is the window open?
    _bench17("language", "놀이방 창문 열려 있어?", *_PLAYROOM_WINDOWS_17),
    # "酒窖": the wine cellar; "音箱": the speaker; "在放音乐吗": is it playing music?
    _bench17("language", "酒窖的音箱在放音乐吗", "media_player.wine_cellar_speaker_1"),
    # "Cine": the cinema; its fan is a switch.
    _bench17("language", "apaga el ventilador del cine", "switch.cinema_fan_1"),
    # "Dispensa": the pantry.
    _bench17("language", "la luce della dispensa è accesa?", "light.pantry_ceiling_light_1"),
    _bench17("floor", "is any window open on the ground floor?", *_GROUND_FLOOR_WINDOWS_17),
    # "Na piętrze": upstairs (on the first floor).
    _bench17("floor", "temperatura na piętrze", *_FIRST_FLOOR_TEMPERATURES_17),
    _bench17("plural", "turn off all the ceiling lights", *_CEILING_LIGHTS_17),
]


def _demo18(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=18)


def _bench18(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=18)


# The kitchen's decorative lights are lights too.
_KITCHEN_LIGHTS_18: Final = ("light.kitchen_lights", "switch.decorative_lights")
_DEMO_VALVES_18: Final = ("valve.front_garden", "valve.back_garden", "valve.orchard", "valve.trees")
_UPSTAIRS_LIGHTS_18: Final = ("light.bed_light", "light.office_rgbw_lights")
# Every humidifier entity: the humidifier, the dehumidifier and the hygrostat.
_HUMIDIFIERS_18: Final = (
    "humidifier.humidifier",
    "humidifier.dehumidifier",
    "humidifier.hygrostat",
)
# The demo's windows, and the pergola's roof that keeps the rain off the patio.
_DEMO_WINDOWS_18: Final = (
    "cover.kitchen_window",
    "cover.living_room_window",
    "cover.hall_window",
    "cover.pergola_roof",
)
_GYM_LIGHTS_18: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
_BATHROOM_WINDOWS_18: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
)
_LIVING_ROOM_PLUGS_18: Final = ("switch.living_room_plug_1", "switch.living_room_plug_2")
_BASEMENT_LIGHTS_18: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_lamp_1",
    "light.gym_ceiling_light_1",
    "light.pantry_ceiling_light_1",
)
# The first floor's covers: the master bedroom's shade and the landing's window.
_FIRST_FLOOR_COVERS_18: Final = ("cover.master_bedroom_shade_1", "cover.landing_window_1")
_SAUNA_AND_GYM_TEMPERATURES_18: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
    "sensor.gym_multisensor_1_temperature",
    "sensor.gym_multisensor_1_temperature_2",
)
# Every window in the house: the dressing room's is the one open; the landing's is a cover.
_WINDOWS_18: Final = (
    "binary_sensor.dressing_room_detector_1_window",
    *_BATHROOM_WINDOWS_18,
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
    "cover.landing_window_1",
)

# Round 18: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_18: Final = [
    _demo18("typo", "turn off the decorativ lihgts", "switch.decorative_lights"),
    # A room written in two words.
    _demo18("typo", "turn on the bed room lamp", "light.bed_light"),
    # Dimming, told by a feeling.
    _demo18("voice", "hey google, it's too bright in the dining room", "light.ceiling_lights"),
    # Hinglish: "ka": of, "band karo": turn off.
    _demo18("language", "bedroom ka fan band karo", "fan.ceiling_fan"),
    # Russian: "включи свет на кухне": turn on the light in the kitchen.
    _demo18("language", "включи свет на кухне", *_KITCHEN_LIGHTS_18),
    # Vietnamese: "đóng cửa gara": close the garage door.
    _demo18("language", "đóng cửa gara", "cover.garage_door"),
    # Korean: "정원": the garden, "스프링클러": sprinklers, "꺼줘": turn off.
    _demo18("language", "정원 스프링클러 꺼줘", *_DEMO_VALVES_18),
    # "Family room": the living room, in American English.
    _demo18("alias", "turn on the fan in the family room", "fan.living_room_fan"),
    # The family's name for the robotic lawn mower, which docks in the garage.
    _demo18("alias", "is the robot back in the garage?", "lawn_mower.my_lawn_mower"),
    # "Oben": upstairs, no alias of the floor.
    _demo18("floor", "Ist oben noch Licht an?", *_UPSTAIRS_LIGHTS_18),
    _demo18("plural", "turn off both humidifiers", *_HUMIDIFIERS_18),
    # Two things in one command: either is meant.
    _demo18(
        "command",
        "close the kitchen window and lock the kitchen door",
        "cover.kitchen_window",
        "lock.kitchen_door",
    ),
    _demo18("command", "did we leave the pergola open?", "cover.pergola_roof"),
    _demo18("purpose", "it's pouring, are the windows shut?", *_DEMO_WINDOWS_18),
    # A room and a device in the shape of an entity id, as a caller may write it.
    _demo18("order", "bedroom_fan", "fan.ceiling_fan"),
]

BENCH_HELD_OUT_18: Final = [
    # A typo by sound.
    _bench18("typo", "turn off the sawna plug", "switch.sauna_plug_1"),
    # A room written in one word.
    _bench18("typo", "lower the winecellar shade", "cover.wine_cellar_shade_1"),
    # "Primary bedroom": the master bedroom, in today's American English; its only cover.
    _bench18("alias", "primary bedroom blinds", "cover.master_bedroom_shade_1"),
    # "Powder room": the guest toilet, in American English.
    _bench18("alias", "powder room light", "light.guest_toilet_led_strip_1"),
    # "Den": the study, the only room with a lamp that is not a bedroom, the gym or the hall.
    _bench18("alias", "the den lamp", "light.study_lamp_1"),
    # Two lights in one command: either is meant.
    _bench18("plural", "switch off the lamp and the ceiling light in the gym", *_GYM_LIGHTS_18),
    _bench18("plural", "which rooms have a window open?", *_WINDOWS_18),
    # Russian: "выключи вентилятор в кинозале": turn off the fan in the cinema (a switch).
    _bench18("language", "выключи вентилятор в кинозале", "switch.cinema_fan_1"),
    # Danish: "er vinduet i badeværelset åbent?": is the window in the bathroom open?
    _bench18("language", "er vinduet i badeværelset åbent?", *_BATHROOM_WINDOWS_18),
    # Turkish: "salondaki prizleri kapat": turn off the plugs in the living room.
    _bench18("language", "salondaki prizleri kapat", *_LIVING_ROOM_PLUGS_18),
    # Portuguese: "porão": the basement, no alias of its floor.
    _bench18("floor", "as luzes do porão estão acesas?", *_BASEMENT_LIGHTS_18),
    # Italian: "primo piano": the first floor; "tapparelle": roller shutters.
    _bench18("floor", "abbassa le tapparelle al primo piano", *_FIRST_FLOOR_COVERS_18),
    _bench18("purpose", "the guests are arriving, light up the entrance", "light.entrance_spots_1"),
    _bench18("command", "is the sauna hotter than the gym?", *_SAUNA_AND_GYM_TEMPERATURES_18),
    # A room and a quantity in the shape of an entity id, as a caller may write it.
    _bench18("order", "study_humidity", "sensor.study_multisensor_1_humidity"),
]


def _demo19(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=19)


def _bench19(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=19)


# The kitchen's decorative lights are lights too.
_KITCHEN_LIGHTS_19: Final = ("light.kitchen_lights", "switch.decorative_lights")
_DEMO_VALVES_19: Final = ("valve.front_garden", "valve.back_garden", "valve.orchard", "valve.trees")
# The ground floor's lights: the living room's, the kitchen's (with its decorative
# lights), the dining room's and the entrance's.
_GROUND_FLOOR_LIGHTS_19: Final = (
    "light.living_room_rgbww_lights",
    *_KITCHEN_LIGHTS_19,
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
)
_DEMO_FANS_19: Final = (
    "fan.ceiling_fan",
    "fan.living_room_fan",
    "fan.percentage_full_fan",
    "fan.percentage_limited_fan",
    "fan.preset_only_limited_fan",
)
_GYM_POWER_19: Final = (
    "sensor.gym_multisensor_1_power",
    "sensor.gym_multisensor_1_power_2",
    "sensor.gym_multisensor_2_power",
)
_DINING_ROOM_HUMIDITY_19: Final = (
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
)
_BASEMENT_LIGHTS_19: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_lamp_1",
    "light.gym_ceiling_light_1",
    "light.pantry_ceiling_light_1",
)
_BATHROOM_MOTION_19: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
)
_GUEST_TOILET_WINDOWS_19: Final = (
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
)
_SPEAKERS_19: Final = ("media_player.living_room_speaker_1", "media_player.wine_cellar_speaker_1")
_PLAYROOM_WINDOWS_19: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)

# Round 19: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_19: Final = [
    # Two typos: two letters swapped, one dropped.
    _demo19("typo", "tunr on the celing fan", "fan.ceiling_fan"),
    # Two typos on the valve's alias ("Front sprinklers").
    _demo19("typo", "close the front gardn sprinkers", "valve.front_garden"),
    # German: "Deckenventilator": ceiling fan, "Schlafzimmer": bedroom (no alias).
    _demo19("language", "Mach den Deckenventilator im Schlafzimmer an", "fan.ceiling_fan"),
    # Italian: close the kitchen window.
    _demo19("language", "chiudi la finestra della cucina", "cover.kitchen_window"),
    # Chinese: "厨房": kitchen, "灯": light, "打开": turn on.
    _demo19("language", "把厨房的灯打开", *_KITCHEN_LIGHTS_19),
    # Korean: "차고": garage, "문": door, "닫아줘": close it.
    _demo19("language", "차고 문 닫아줘", "cover.garage_door"),
    # Spanish: turn off the dehumidifier.
    _demo19("language", "apaga el deshumidificador", "humidifier.dehumidifier"),
    _demo19("command", "did I leave the water on in the garden?", *_DEMO_VALVES_19),
    # A fan or the bedroom's air conditioning.
    _demo19(
        "purpose",
        "the baby can't sleep, it's too stuffy in the bedroom",
        "fan.ceiling_fan",
        "climate.hvac",
    ),
    _demo19("purpose", "working from home today, warm up the office", "climate.ecobee"),
    # The living room's player, or the lounge's TV ("Lounge": the living room's alias).
    _demo19(
        "voice",
        "ok google, next song on the living room speaker",
        "media_player.living_room",
        "media_player.lounge_room",
    ),
    # Japanese: "1階": the ground floor (the first floor's alias is "2階"), "電気": lights.
    _demo19("floor", "1階の電気を全部消して", *_GROUND_FLOOR_LIGHTS_19),
    _demo19("plural", "which fans are running?", *_DEMO_FANS_19),
    # "Foyer": the entrance, no alias of it.
    _demo19("alias", "the foyer light", "light.entrance_color_white_lights"),
    # Terse, as typed into a phone.
    _demo19("order", "lights kitchen off", *_KITCHEN_LIGHTS_19),
]

BENCH_HELD_OUT_19: Final = [
    # Two typos: two letters swapped in each word (the cinema's fan is a switch).
    _bench19("typo", "turn on the cinmea fna", "switch.cinema_fan_1"),
    _bench19("typo", "raise the gardn bilnd", "cover.garden_blind_1"),
    # A word heard for another by speech to text.
    _bench19("typo", "turn on the study lamb", "light.study_lamp_1"),
    # Brazilian Portuguese: "academia": the gym; how much power is it using?
    _bench19("language", "quanta energia a academia está usando?", *_GYM_POWER_19),
    # German: how humid is it in the dining room ("Esszimmer": its alias)?
    _bench19("language", "Wie feucht ist es im Esszimmer?", *_DINING_ROOM_HUMIDITY_19),
    # Japanese: "ワインセラー": wine cellar (no alias), "音楽を止めて": stop the music.
    _bench19("language", "ワインセラーの音楽を止めて", "media_player.wine_cellar_speaker_1"),
    # Chinese: "书房": the study, "湿度是多少": what is the humidity?
    _bench19("language", "书房的湿度是多少", "sensor.study_multisensor_1_humidity"),
    # Korean: "지하실": the basement, "조명 다 꺼줘": turn off all the lights.
    _bench19("floor", "지하실 조명 다 꺼줘", *_BASEMENT_LIGHTS_19),
    _bench19("command", "is the boiler room blind still up?", "cover.boiler_room_blind_1"),
    _bench19(
        "purpose",
        "how much daylight does the office get?",
        "sensor.office_multisensor_1_illuminance",
    ),
    _bench19("purpose", "is anyone using the bathroom upstairs?", *_BATHROOM_MOTION_19),
    # "The toilet downstairs": the guest toilet, on the ground floor.
    _bench19(
        "voice", "hey google, is the toilet window open downstairs?", *_GUEST_TOILET_WINDOWS_19
    ),
    _bench19("plural", "which speakers are playing?", *_SPEAKERS_19),
    # "Games room": the playroom, no alias of it.
    _bench19("alias", "the games room window", *_PLAYROOM_WINDOWS_19),
    # Terse, as typed into a phone.
    _bench19("order", "spots entrance on", "light.entrance_spots_1"),
]


def _demo20(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=20)


def _bench20(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=20)


_DEMO_GAS_20: Final = ("sensor.total_gas_m3", "sensor.total_gas_ft3")
# The ground floor's windows: the living room's, the kitchen's and the entrance's.
_GROUND_FLOOR_WINDOWS_20: Final = (
    "cover.living_room_window",
    "cover.kitchen_window",
    "cover.hall_window",
)
_DEMO_MEDIA_PLAYERS_20: Final = (
    "media_player.living_room",
    "media_player.bedroom",
    "media_player.kitchen",
    "media_player.lounge_room",
    "media_player.walkman",
    "media_player.browse",
    "media_player.group",
    "media_player.search",
)
_OFFICE_POWER_20: Final = ("sensor.office_multisensor_1_power", "sensor.office_multisensor_2_power")
_DINING_ROOM_HUMIDITY_20: Final = (
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
)
_BATHROOM_WINDOWS_20: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
)
# The basement's plugs: the sauna's and the storage room's.
_BASEMENT_PLUGS_20: Final = ("switch.sauna_plug_1", "switch.storage_plug_1")
# Shades, and the blinds an American may call shades too.
_SHADES_20: Final = (
    "cover.wine_cellar_shade_1",
    "cover.master_bedroom_shade_1",
    "cover.boiler_room_blind_1",
    "cover.garden_blind_1",
    "cover.blind_1",
)
_TOILET_WINDOWS_20: Final = (
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
    *_BATHROOM_WINDOWS_20,
)
_DRESSING_ROOM_OCCUPANCY_20: Final = (
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)

# Round 20: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_20: Final = [
    # Two typos and a real word for another ("of" for "off").
    _demo20("typo", "turn of the offcie lihgts", "light.office_rgbw_lights"),
    # Two dropped letters: the dining room's one light.
    _demo20("typo", "dim the dinig rom lights", "light.ceiling_lights"),
    # Brazilian Portuguese: turn on the humidifier (the hygrostat is one too).
    _demo20("language", "liga o umidificador", "humidifier.humidifier", "humidifier.hygrostat"),
    # Japanese: "寝室": the bedroom (its alias), "エアコン": air conditioning, set it to 25°.
    _demo20("language", "寝室のエアコンを25度にして", "climate.hvac"),
    # Chinese: "餐厅": dining room, "灯关了吗": is the light off?
    _demo20("language", "餐厅的灯关了吗", "light.ceiling_lights"),
    # Korean: "잔디깎이": lawn mower, "작동 중이야?": is it running?
    _demo20("language", "잔디깎이 작동 중이야?", "lawn_mower.my_lawn_mower"),
    # Italian: "salotto": the living room (no alias), turn off the fan.
    _demo20("language", "spegni il ventilatore in salotto", "fan.living_room_fan"),
    # Spanish: how much gas have we used?
    _demo20("language", "¿cuánto gas hemos gastado?", *_DEMO_GAS_20),
    # "Entryway": the entrance, no alias of it; its one window.
    _demo20("command", "did anyone leave the window open in the entryway?", "cover.hall_window"),
    # "Cellar": the basement (the demo has no such floor); its moisture sensor.
    _demo20("purpose", "is there water on the cellar floor?", "binary_sensor.basement_floor_wet"),
    # The lounge's TV, or the living room's player ("Lounge": the living room's alias).
    _demo20(
        "voice",
        "hey siri, pause the TV in the lounge",
        "media_player.lounge_room",
        "media_player.living_room",
    ),
    _demo20("floor", "close all the windows on the ground floor", *_GROUND_FLOOR_WINDOWS_20),
    _demo20("plural", "pause everything that's playing", *_DEMO_MEDIA_PLAYERS_20),
    # A family's word for the pergola.
    _demo20("alias", "open the patio roof", "cover.pergola_roof"),
    # Terse, a set point typed as a person types it.
    _demo20("order", "heatpump 21", "climate.heatpump"),
]

BENCH_HELD_OUT_20: Final = [
    # Two typos: a letter dropped, two swapped.
    _bench20("typo", "ensuit lmap on", "light.ensuite_lamp_1"),
    # A phone's autocorrect: "delay" for "relay".
    _bench20("typo", "turn off the library delay", "switch.library_relay_1"),
    # German: how much power is the office ("Büro": its alias) drawing now?
    _bench20("language", "Wie viel Strom verbraucht das Büro gerade?", *_OFFICE_POWER_20),
    # Spanish: "cuarto de invitados": the guest room (Bedroom 3's alias); what temperature?
    _bench20(
        "language",
        "¿qué temperatura hace en el cuarto de invitados?",
        "sensor.bedroom_3_multisensor_1_temperature",
    ),
    # Japanese: "ダイニング": dining room (no alias), "湿度": humidity.
    _bench20("language", "ダイニングの湿度", *_DINING_ROOM_HUMIDITY_20),
    # Chinese: "洗手间": the toilet (the guest toilet's, or the bathroom's), "窗户开着吗": is
    # the window open?
    _bench20("language", "洗手间的窗户开着吗", *_TOILET_WINDOWS_20),
    # Korean: "보일러실": boiler room, "문 잠겼어?": is the door locked?
    _bench20("language", "보일러실 문 잠겼어?", "lock.boiler_room_door_lock_1"),
    # European Portuguese: "depósito": the storage room (no alias), turn off the plug.
    _bench20("language", "desliga a tomada do depósito", "switch.storage_plug_1"),
    _bench20(
        "command", "did someone leave the garden relay on overnight?", "switch.garden_relay_1"
    ),
    _bench20("purpose", "about to shower, is the bathroom window shut?", *_BATHROOM_WINDOWS_20),
    _bench20(
        "purpose", "is anyone getting changed in the dressing room?", *_DRESSING_ROOM_OCCUPANCY_20
    ),
    # "Lounge": the living room's alias; its one speaker.
    _bench20("voice", "alexa, play some jazz in the lounge", "media_player.living_room_speaker_1"),
    _bench20("floor", "switch off the basement plugs", *_BASEMENT_PLUGS_20),
    _bench20("plural", "close all the shades", *_SHADES_20),
    # "The upstairs hallway": the landing, on the first floor.
    _bench20("alias", "the upstairs hallway light", "light.landing_ceiling_light_1"),
]


def _demo21(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=21)


def _bench21(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=21)


# The kitchen's lights: its light, and the decorative lights on a switch.
_KITCHEN_LIGHTS_21: Final = ("light.kitchen_lights", "switch.decorative_lights")
# Watering the lawn: the front and back garden's valves, or the script that waters.
_LAWN_WATERING_21: Final = (
    "script.water_the_garden",
    "valve.front_garden",
    "valve.back_garden",
)
# The first floor's thermostats: the office's (Büro) and the bedroom's.
_UPSTAIRS_THERMOSTATS_21: Final = ("climate.ecobee", "climate.hvac")
_DEMO_SPEAKERS_21: Final = (
    "media_player.living_room",
    "media_player.bedroom",
    "media_player.kitchen",
    "media_player.lounge_room",
    "media_player.walkman",
    "media_player.browse",
    "media_player.group",
    "media_player.search",
)
# The guest toilet's temperatures (the second one is in the pantry, named by its device).
_GUEST_TOILET_TEMPERATURES_21: Final = (
    "sensor.guest_toilet_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_3",
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
_LIVING_ROOM_PLUGS_21: Final = ("switch.living_room_plug_1", "switch.living_room_plug_2")
_GYM_LIGHTS_21: Final = ("light.gym_lamp_1", "light.gym_ceiling_light_1")
_DRESSING_ROOM_OCCUPANCY_21: Final = (
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)
_PLAYROOM_WINDOWS_21: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# The first floor's lights: Bedroom 2's spots, the study's lamp, the landing's, the ensuite's.
_FIRST_FLOOR_LIGHTS_21: Final = (
    "light.bedroom_2_spots_1",
    "light.study_lamp_1",
    "light.landing_ceiling_light_1",
    "light.ensuite_lamp_1",
)
# The house's one lock, or the office's door sensor a person may count among the doors.
_DOORS_21: Final = ("lock.boiler_room_door_lock_1", "binary_sensor.office_detector_1_door")
_SAUNA_TEMPERATURES_21: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
)

# Round 21: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_21: Final = [
    # Two typos on an alias: a letter doubled, two swapped ("Mood lights").
    _demo21("typo", "switch off the moood ligths", "light.living_room_rgbww_lights"),
    # Two typos, one in the device, one in the room.
    _demo21("typo", "the carbon monixide in the kichen", "sensor.carbon_monoxide"),
    # Czech: lock the front door.
    _demo21("language", "zamkni přední dveře", "lock.front_door"),
    # Finnish: "keittiön valot": the kitchen's lights, turn them on.
    _demo21("language", "sytytä keittiön valot", *_KITCHEN_LIGHTS_21),
    # Indonesian: "ruang makan": the dining room, turn off its lamp.
    _demo21("language", "matikan lampu ruang makan", "light.ceiling_lights"),
    # Japanese: "芝生": the lawn, water it.
    _demo21("language", "芝生に水をまいて", *_LAWN_WATERING_21),
    # Chinese: "卧室": the bedroom, "床头灯": the bedside lamp, turn it off.
    _demo21("language", "把卧室的床头灯关掉", "light.bed_light"),
    # German: how warm is it outside?
    _demo21("language", "Wie warm ist es draußen?", "sensor.outside_temperature"),
    _demo21("command", "did I leave the lights on in the office?", "light.office_rgbw_lights"),
    # The sun on the patio: the pergola's roof shades it.
    _demo21("purpose", "too much sun on the terrace", "cover.pergola_roof"),
    _demo21(
        "voice", "hey siri, make the entrance lights brighter", "light.entrance_color_white_lights"
    ),
    _demo21("floor", "set the upstairs thermostats to 19", *_UPSTAIRS_THERMOSTATS_21),
    _demo21("plural", "mute all the speakers", *_DEMO_SPEAKERS_21),
    # A family's word for the office (Büro).
    _demo21("alias", "the study light", "light.office_rgbw_lights"),
    # Terse, the device first.
    _demo21("order", "window hall shut", "cover.hall_window"),
]

BENCH_HELD_OUT_21: Final = [
    # Two typos: a letter doubled, two swapped.
    _bench21("typo", "nurserry rleay off", "switch.nursery_relay_1"),
    # Two typos: a letter dropped in the room and in the kind.
    _bench21("typo", "gest toilet temprature", *_GUEST_TOILET_TEMPERATURES_21),
    # Czech: "pracovna": the study (no alias), switch on the lamp.
    _bench21("language", "rozsviť lampu v pracovně", "light.study_lamp_1"),
    # Finnish: "olohuoneen pistorasiat": the living room's sockets, switch them off.
    _bench21("language", "sammuta olohuoneen pistorasiat", *_LIVING_ROOM_PLUGS_21),
    # Mexican Spanish: "foco": a bulb, "gimnasio": the gym; turn it on.
    _bench21("language", "prende el foco del gimnasio", *_GYM_LIGHTS_21),
    # German: "Ankleidezimmer": the dressing room ("Ankleide": its alias); is anyone in it?
    _bench21("language", "Ist im Ankleidezimmer jemand?", *_DRESSING_ROOM_OCCUPANCY_21),
    # Japanese: "シアタールーム": the theatre room (the cinema), "扇風機": the fan; stop it.
    _bench21("language", "シアタールームの扇風機を止めて", "switch.cinema_fan_1"),
    # Traditional Chinese: "主臥室": the master bedroom, "窗簾": the curtains; draw them.
    _bench21("language", "把主臥室的窗簾拉上", "cover.master_bedroom_shade_1"),
    _bench21("command", "did the kids leave the playroom window open?", *_PLAYROOM_WINDOWS_21),
    # The wine cellar's temperature, asked by what it keeps.
    _bench21(
        "purpose", "is the wine getting too warm?", "sensor.wine_cellar_multisensor_1_temperature"
    ),
    # "Walk-in wardrobe": the dressing room, no alias of it; its thermostat.
    _bench21(
        "voice",
        "hey google, make it warmer in the walk-in wardrobe",
        "climate.dressing_room_thermostat_1",
    ),
    _bench21("floor", "are any lights still on on the first floor?", *_FIRST_FLOOR_LIGHTS_21),
    # A family's word for the living room; its one speaker.
    _bench21("alias", "the snug speaker", "media_player.living_room_speaker_1"),
    _bench21("plural", "are all the doors locked?", *_DOORS_21),
    # Terse, the kind before the room.
    _bench21("order", "temp sauna", *_SAUNA_TEMPERATURES_21),
]


def _demo22(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=22)


def _bench22(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=22)


# The office's air conditioning: the AC plug, or the Ecobee (heat and cool) beside it.
_OFFICE_AC_22: Final = ("switch.ac", "climate.ecobee")
# Locked up for the night: the four locks, the doors' summary, the garage door.
_LOCKED_UP_22: Final = (
    "lock.front_door",
    "lock.kitchen_door",
    "lock.openable_lock",
    "lock.poorly_installed_door",
    "binary_sensor.doors_secured",
    "cover.garage_door",
)
# When the sun goes down: the sun's next setting, or its next dusk.
_SUNSET_22: Final = ("sensor.sun_next_setting", "sensor.sun_next_dusk")
_GARDEN_VALVES_22: Final = (
    "valve.front_garden",
    "valve.back_garden",
    "valve.orchard",
    "valve.trees",
)
_BATHROOM_MOTION_22: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
)
_GYM_LIGHTS_22: Final = ("light.gym_lamp_1", "light.gym_ceiling_light_1")
_LIVING_ROOM_PLUGS_22: Final = ("switch.living_room_plug_1", "switch.living_room_plug_2")
# The first floor's temperatures: Bedroom 3's, the study's, the ensuite's, and the
# dressing room's thermostat.
_FIRST_FLOOR_TEMPERATURES_22: Final = (
    "sensor.bedroom_3_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature_2",
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
    "climate.dressing_room_thermostat_1",
)
# The motion sensors (the bathroom's, the guest toilet's, the office's), and the
# dressing room's occupancy a person may count among them.
_MOTION_SENSORS_22: Final = (
    *_BATHROOM_MOTION_22,
    "binary_sensor.guest_toilet_detector_1_motion",
    "binary_sensor.guest_toilet_detector_1_motion_2",
    "binary_sensor.office_detector_1_motion",
    "binary_sensor.office_detector_1_motion_2",
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)

# Round 22: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_22: Final = [
    # Two typos: a letter dropped in each word.
    _demo22("typo", "outsde temprature", "sensor.outside_temperature"),
    # Two typos: a letter doubled in the room, one in the device ("conditionner").
    _demo22("typo", "switch on the oficce air conditionner", *_OFFICE_AC_22),
    # Dutch: "keukendeur": the kitchen door (one compound word), "op slot": locked?
    _demo22("language", "is de keukendeur op slot?", "lock.kitchen_door"),
    # German: "Küche": the kitchen (its alias); turn the music down.
    _demo22("language", "Dreh die Musik in der Küche leiser", "media_player.kitchen"),
    # Japanese: "果樹園": the orchard (no alias), "水やりを止めて": stop watering it.
    _demo22("language", "果樹園の水やりを止めて", "valve.orchard"),
    # Chinese: "后院": the backyard (the garden's alias), "有人吗": is anyone there?
    _demo22("language", "后院有人吗", "binary_sensor.movement_backyard"),
    # Korean: "현관문": the front door, "잠가줘": lock it.
    _demo22("language", "현관문 잠가줘", "lock.front_door"),
    # Italian: how much power are we using?
    _demo22("language", "quanta corrente stiamo consumando?", "sensor.power_consumption"),
    _demo22("command", "did I leave the entrance lights on?", "light.entrance_color_white_lights"),
    _demo22("purpose", "I'm off to bed, is everything locked up?", *_LOCKED_UP_22),
    _demo22("purpose", "how long until the sun goes down?", *_SUNSET_22),
    _demo22("voice", "hey google, set the dehumidifier to 50 percent", "humidifier.dehumidifier"),
    # German, terse: "Erdgeschoss": the ground floor (its alias), "Heizung": heating, off.
    _demo22("floor", "Erdgeschoss Heizung aus", "climate.heatpump"),
    _demo22("plural", "are all the garden valves closed?", *_GARDEN_VALVES_22),
    # "Front room": the living room, in British English (no alias of it).
    _demo22("alias", "the front room fan", "fan.living_room_fan"),
]

BENCH_HELD_OUT_22: Final = [
    # Two typos: a letter dropped, two swapped.
    _bench22("typo", "bathrom motoin", *_BATHROOM_MOTION_22),
    # Two typos, and the device's number.
    _bench22("typo", "livng room plgu 2", "switch.living_room_plug_2"),
    # Dutch: "stopcontact": the socket, in the sauna; switch it on.
    _bench22("language", "zet het stopcontact in de sauna aan", "switch.sauna_plug_1"),
    # Spanish of Spain: "estor": a roller blind, "cuarto de calderas": the boiler room.
    _bench22("language", "baja el estor del cuarto de calderas", "cover.boiler_room_blind_1"),
    # Japanese: "踊り場": the landing (no alias), "電気ついてる？": is the light on?
    _bench22("language", "踊り場の電気ついてる？", "light.landing_ceiling_light_1"),
    # Chinese: "更衣室": the dressing room, "窗户开着吗": is the window open?
    _bench22("language", "更衣室的窗户开着吗", "binary_sensor.dressing_room_detector_1_window"),
    # Korean: "헬스장": the gym, "불 꺼줘": turn off the lights.
    _bench22("language", "헬스장 불 꺼줘", *_GYM_LIGHTS_22),
    # Italian: "relè": the relay, in the garden; switch it on.
    _bench22("language", "accendi il relè del giardino", "switch.garden_relay_1"),
    # German, colloquial: "Gästeklo": the guest toilet; how bright is it?
    _bench22(
        "language",
        "Wie hell ist es im Gästeklo?",
        "sensor.guest_toilet_multisensor_2_illuminance",
    ),
    _bench22("command", "is the master bedroom shade still open?", "cover.master_bedroom_shade_1"),
    # A phone charging: on one of the living room's plugs.
    _bench22("purpose", "I left my phone charging in the living room", *_LIVING_ROOM_PLUGS_22),
    # The room's number as a word.
    _bench22("voice", "alexa, dim the spots in bedroom two", "light.bedroom_2_spots_1"),
    _bench22("floor", "is it warm enough on the first floor?", *_FIRST_FLOOR_TEMPERATURES_22),
    _bench22("plural", "which motion sensors have gone off?", *_MOTION_SENSORS_22),
    # "Cloakroom": the guest toilet, in British English (no alias of it); its one light.
    _bench22("alias", "the cloakroom light", "light.guest_toilet_led_strip_1"),
]


def _demo23(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=23)


def _bench23(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=23)


_KITCHEN_LIGHTS_23: Final = ("light.kitchen_lights", "switch.decorative_lights")
# Air conditioning set to a temperature: any of the three thermostats (a heat
# pump is air conditioning too, in Chinese).
_AIR_CONDITIONING_23: Final = ("climate.hvac", "climate.ecobee", "climate.heatpump")
# The TV: the lounge room's, the living room's player, or the bedroom's.
_TV_23: Final = ("media_player.lounge_room", "media_player.living_room", "media_player.bedroom")
# The energy bill: the energy and gas meters, and the power drawn now.
_ENERGY_BILL_23: Final = (
    "sensor.total_energy_kwh",
    "sensor.total_energy_mwh",
    "sensor.total_gas_m3",
    "sensor.total_gas_ft3",
    "sensor.power_consumption",
)
# Too loud in the lounge: what plays there.
_LOUNGE_PLAYERS_23: Final = ("media_player.lounge_room", "media_player.living_room")
_UPSTAIRS_LIGHTS_23: Final = ("light.bed_light", "light.office_rgbw_lights")
_DEMO_WINDOWS_23: Final = (
    "cover.hall_window",
    "cover.kitchen_window",
    "cover.living_room_window",
)
_GYM_LIGHTS_23: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
# The loo: the guest toilet's motion, or the bathroom's.
_LOO_MOTION_23: Final = (
    "binary_sensor.guest_toilet_detector_1_motion",
    "binary_sensor.guest_toilet_detector_1_motion_2",
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
)
_GROUND_FLOOR_LIGHTS_23: Final = (
    "light.living_room_ceiling_light_1",
    "light.hall_lamp_1",
    "light.entrance_spots_1",
    "light.guest_toilet_led_strip_1",
    "light.garden_ceiling_light_1",
)
# Occupied rooms: every motion sensor, and the dressing room's occupancy.
_OCCUPANCY_23: Final = (
    *_LOO_MOTION_23,
    "binary_sensor.office_detector_1_motion",
    "binary_sensor.office_detector_1_motion_2",
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)

# Round 23: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_23: Final = [
    # Two typos: a letter dropped in the device, one in its state.
    _demo23("typo", "lawn mowr staus", "lawn_mower.my_lawn_mower"),
    # Speech to text: "bed" heard as "bad", a real word.
    _demo23("typo", "turn off the bad light", "light.bed_light"),
    # Norwegian: "slå av lyset": turn off the light, "på kjøkkenet": in the kitchen.
    _demo23("language", "slå av lyset på kjøkkenet", *_KITCHEN_LIGHTS_23),
    # Catalan: "tanca la finestra": close the window, "de la cuina": of the kitchen.
    _demo23("language", "tanca la finestra de la cuina", "cover.kitchen_window"),
    # Ukrainian: "увімкни вентилятор": turn on the fan, "у вітальні": in the living room.
    _demo23("language", "увімкни вентилятор у вітальні", "fan.living_room_fan"),
    # Chinese: "空调": the air conditioning, "调到二十四度": set to twenty-four degrees.
    _demo23("language", "把空调调到二十四度", *_AIR_CONDITIONING_23),
    # Korean: "거실": the living room, "창문 열어줘": open the window.
    _demo23("language", "거실 창문 열어줘", "cover.living_room_window"),
    _demo23("voice", "hey google, what's playing in the kitchen?", "media_player.kitchen"),
    # A brand for the device: the bedroom's speaker.
    _demo23("alias", "turn off the Sonos in the bedroom", "media_player.bedroom"),
    # "LR": the living room, as a floor plan abbreviates it.
    _demo23("alias", "LR fan off", "fan.living_room_fan"),
    _demo23("command", "did I leave the TV on?", *_TV_23),
    _demo23("purpose", "what's our energy bill looking like?", *_ENERGY_BILL_23),
    _demo23("purpose", "it's too loud in the lounge", *_LOUNGE_PLAYERS_23),
    # American: the second floor is the upper one (the house's "First floor").
    _demo23("floor", "turn off the second floor lights", *_UPSTAIRS_LIGHTS_23),
    _demo23("plural", "open all the windows", *_DEMO_WINDOWS_23),
]

BENCH_HELD_OUT_23: Final = [
    # Two typos: a letter dropped in the room, one in the device.
    _bench23("typo", "wine cellr shde", "cover.wine_cellar_shade_1"),
    # Speech to text: "gym" heard as "jim", a name.
    _bench23("typo", "turn on the jim lights", *_GYM_LIGHTS_23),
    # Greek: "κλείσε το ρολό": close the roller blind, "στο λεβητοστάσιο": in the boiler room.
    _bench23("language", "κλείσε το ρολό στο λεβητοστάσιο", "cover.boiler_room_blind_1"),
    # Hungarian: "kapcsold le a lámpát": turn off the lamp, "a dolgozószobában": in the study.
    _bench23("language", "kapcsold le a lámpát a dolgozószobában", "light.study_lamp_1"),
    # Taglish: "patayin mo yung ilaw": turn off the light, "sa garden": in the garden.
    _bench23("language", "patayin mo yung ilaw sa garden", "light.garden_ceiling_light_1"),
    # Mexican Spanish: "recámara principal": the master bedroom; close its blind.
    _bench23(
        "language",
        "cierra la persiana de la recámara principal",
        "cover.master_bedroom_shade_1",
    ),
    # Japanese: "パントリー": the pantry (in katakana, no alias), "電気をつけて": light on.
    _bench23("language", "パントリーの電気をつけて", "light.pantry_ceiling_light_1"),
    # German: "Gäste-WC": the guest toilet, with a hyphen; turn its light on.
    _bench23("language", "Mach das Licht im Gäste-WC an", "light.guest_toilet_led_strip_1"),
    # An ordinal for the device's number.
    _bench23(
        "voice",
        "hey siri, turn on the second plug in the living room",
        "switch.living_room_plug_2",
    ),
    _bench23("command", "did someone leave the cinema fan on?", "switch.cinema_fan_1"),
    # "The loo": the guest toilet, or the bathroom upstairs; free: no one moving in it.
    _bench23("purpose", "is the loo free?", *_LOO_MOTION_23),
    # American: the main floor is the ground floor.
    _bench23("floor", "turn off the lights on the main floor", *_GROUND_FLOOR_LIGHTS_23),
    _bench23("plural", "which rooms are occupied right now?", *_OCCUPANCY_23),
    # A brand for the device: the wine cellar's speaker.
    _bench23("alias", "pause the Sonos in the wine cellar", "media_player.wine_cellar_speaker_1"),
    # Terse, with dashes and a unit.
    _bench23("order", "thermostat – dressing room – 21°", "climate.dressing_room_thermostat_1"),
]


def _demo24(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=24)


def _bench24(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=24)


_KITCHEN_LIGHTS_24: Final = ("light.kitchen_lights", "switch.decorative_lights")
# The TV in the living room: the lounge room's player (a TV), or the living room's.
_LIVING_ROOM_TV_24: Final = ("media_player.lounge_room", "media_player.living_room")
_UPSTAIRS_LIGHTS_24: Final = ("light.bed_light", "light.office_rgbw_lights")
# "The Nest upstairs": any thermostat on the first floor (the office's, the bedroom's).
_UPSTAIRS_THERMOSTATS_24: Final = ("climate.ecobee", "climate.hvac")
_DEMO_THERMOSTATS_24: Final = ("climate.ecobee", "climate.heatpump", "climate.hvac")
_GYM_LIGHTS_24: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
_BATHROOM_MOTION_24: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
)
_GYM_POWER_24: Final = (
    "sensor.gym_multisensor_1_power",
    "sensor.gym_multisensor_1_power_2",
    "sensor.gym_multisensor_2_power",
)
# The basement (the "lower level") has the gym's, the cinema's and the pantry's lights.
_BASEMENT_LIGHTS_24: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
    "light.pantry_ceiling_light_1",
)
# Windows on the first floor: the landing's (a cover) and the window sensors of the
# bathroom, the dressing room and the playroom.
_UPPER_FLOOR_WINDOWS_24: Final = (
    "cover.landing_window_1",
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.dressing_room_detector_1_window",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)

# Round 24: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026).
DEMO_HELD_OUT_24: Final = [
    # Two typos: the door heard as "dore", a letter dropped in its state.
    _demo24("typo", "is the kitchen dore lockd?", "lock.kitchen_door"),
    # Two typos: the French spelling of dioxide, a letter dropped in the room.
    _demo24("typo", "carbon dioxyde in the offce", "sensor.carbon_dioxide"),
    # Romanian: "aprinde lumina": turn on the light, "în bucătărie": in the kitchen.
    _demo24("language", "aprinde lumina în bucătărie", *_KITCHEN_LIGHTS_24),
    # Arabic: "أطفئ المروحة": turn off the fan, "في غرفة النوم": in the bedroom.
    _demo24("language", "أطفئ المروحة في غرفة النوم", "fan.ceiling_fan"),
    # Italian: "ho lasciato aperto il garage?": did I leave the garage open?
    _demo24("language", "ho lasciato aperto il garage?", "cover.garage_door"),
    # Japanese: "リビングのテレビ": the living room's TV, "消して": turn off.
    _demo24("language", "リビングのテレビ消して", *_LIVING_ROOM_TV_24),
    # Korean: "주방 조명": the kitchen's lighting, "좀 밝게 해줘": make it a bit brighter.
    _demo24("language", "주방 조명 좀 밝게 해줘", *_KITCHEN_LIGHTS_24),
    # Spanish: "sube la temperatura": turn the temperature up, "del despacho": of the
    # office (a word no alias holds).
    _demo24("voice", "Alexa, sube la temperatura del despacho", "climate.ecobee"),
    # A brand for the device (the house's are an Ecobee and an Hvac), with a floor word.
    _demo24("voice", "alexa, turn down the Nest upstairs", *_UPSTAIRS_THERMOSTATS_24),
    _demo24("command", "how long has the hall window been open?", "cover.hall_window"),
    _demo24(
        "purpose",
        "friends are coming for dinner, get the dining room ready",
        "scene.dinner",
        "light.ceiling_lights",
    ),
    _demo24(
        "purpose",
        "the strawberries in the orchard look dry",
        "valve.orchard",
        "script.water_the_garden",
    ),
    # "The top floor": the upper of the house's two floors.
    _demo24("floor", "switch off every light on the top floor", *_UPSTAIRS_LIGHTS_24),
    # A family's name for the living room's colour lights.
    _demo24("alias", "the disco lights in the lounge", "light.living_room_rgbww_lights"),
    _demo24("plural", "put every thermostat in eco mode", *_DEMO_THERMOSTATS_24),
]

BENCH_HELD_OUT_24: Final = [
    # Two typos: "library" as it is often said (one r dropped), "relay" with two
    # letters swapped.
    _bench24("typo", "turn on the libary realy", "switch.library_relay_1"),
    # Hindi: "जिम की लाइट": the gym's light, "बंद करो": turn off.
    _bench24("language", "जिम की लाइट बंद करो", *_GYM_LIGHTS_24),
    # Hebrew: "תסגור את התריס": close the blind, "במרתף היין": in the wine cellar.
    _bench24("language", "תסגור את התריס במרתף היין", "cover.wine_cellar_shade_1"),
    # German: "Jalousie": a blind, "Heizungskeller": the boiler room (no alias holds it).
    _bench24("language", "Mach die Jalousie im Heizungskeller runter", "cover.boiler_room_blind_1"),
    # European Portuguese: "a porta da casa das caldeiras": the boiler room's door,
    # "está trancada?": is it locked?
    _bench24(
        "language",
        "a porta da casa das caldeiras está trancada?",
        "lock.boiler_room_door_lock_1",
    ),
    # Chinese: "婴儿房": the baby's room, "的开关关掉": turn its switch off.
    _bench24("language", "把婴儿房的开关关掉", "switch.nursery_relay_1"),
    # Spanish: "apaga la luz": turn off the light, "del rellano": of the landing.
    _bench24("voice", "Hey Google, apaga la luz del rellano", "light.landing_ceiling_light_1"),
    _bench24("command", "has anyone been in the bathroom in the last hour?", *_BATHROOM_MOTION_24),
    _bench24(
        "purpose",
        "the dog's home alone, put some music on in the lounge",
        "media_player.living_room_speaker_1",
    ),
    _bench24("purpose", "the seedlings in the garden need some shade", "cover.garden_blind_1"),
    _bench24("purpose", "what's eating all the power in the gym?", *_GYM_POWER_24),
    # American: the lower level is the basement.
    _bench24("floor", "all the lights on the lower level", *_BASEMENT_LIGHTS_24),
    _bench24("floor", "are the windows closed on the upper floor?", *_UPPER_FLOOR_WINDOWS_24),
    # A family's name for the basement cinema (the house's one fan).
    _bench24("alias", "turn on the fan in the man cave", "switch.cinema_fan_1"),
    # An ordinal before the room: Bedroom 2.
    _bench24("alias", "the spots in the second bedroom", "light.bedroom_2_spots_1"),
]


def _demo25(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=25)


def _bench25(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=25)


_KITCHEN_LIGHTS_25: Final = ("light.kitchen_lights", "switch.decorative_lights")
# The ground floor's windows (the hall's, the kitchen's, the living room's).
_GROUND_FLOOR_WINDOWS_25: Final = (
    "cover.hall_window",
    "cover.kitchen_window",
    "cover.living_room_window",
)
_SUNRISE_25: Final = ("sensor.sun_next_rising", "sensor.sun_next_dawn")
_PLAYROOM_WINDOWS_25: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# The middle of three floors is the ground floor: its lights (living room, entrance,
# garden, guest toilet, hall).
_GROUND_FLOOR_LIGHTS_25: Final = (
    "light.living_room_ceiling_light_1",
    "light.entrance_spots_1",
    "light.garden_ceiling_light_1",
    "light.guest_toilet_led_strip_1",
    "light.hall_lamp_1",
)
# The first floor's covers: the master bedroom's shade, the landing's window.
_FIRST_FLOOR_COVERS_25: Final = ("cover.master_bedroom_shade_1", "cover.landing_window_1")

# Round 25: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_25: Final = [
    # Two slips to the next key: v for c, r for t.
    _demo25("typo", "turn on the kitvhen lighrs", *_KITCHEN_LIGHTS_25),
    # Speech-to-text: "ceiling" heard as "sealing".
    _demo25("typo", "turn on the sealing fan", "fan.ceiling_fan"),
    # Greek: "άνοιξε τον ανεμιστήρα": turn on the fan, "στο σαλόνι": in the living room.
    _demo25("language", "άνοιξε τον ανεμιστήρα στο σαλόνι", "fan.living_room_fan"),
    # Brazilian Portuguese: "a janela da sala": the living room's window, "ficou
    # aberta?": was it left open?
    _demo25("language", "a janela da sala ficou aberta?", "cover.living_room_window"),
    # Thai: "ปิดไฟ": turn off the light, "ในห้องนอน": in the bedroom (no spaces).
    _demo25("language", "ปิดไฟในห้องนอน", "light.bed_light"),
    # Cantonese: "幫我熄咗": turn off for me, "客廳啲燈": the living room's lights.
    _demo25("language", "幫我熄咗客廳啲燈", "light.living_room_rgbww_lights"),
    # Japanese counts the ground floor as the first (一階): are all its windows shut?
    _demo25("floor", "一階の窓は全部閉まってる？", *_GROUND_FLOOR_WINDOWS_25),
    # The subscript two of a formula, pasted, with a floor word (the office is upstairs).
    _demo25("floor", "CO₂ upstairs", "sensor.carbon_dioxide"),
    # An Alexa skill's invocation around the request.
    _demo25(
        "voice",
        "Alexa, ask Home Assistant to turn off the lights in the dining room",
        "light.ceiling_lights",
    ),
    # Italian: "abbassa la tapparella": lower the roller shutter, "della cucina": the
    # kitchen's.
    _demo25("voice", "Ehi Siri, abbassa la tapparella della cucina", "cover.kitchen_window"),
    _demo25(
        "purpose",
        "it's getting dark, light the way to the front door",
        "light.entrance_color_white_lights",
    ),
    _demo25("command", "what time is sunrise tomorrow?", *_SUNRISE_25),
    # An automation to write: the pergola is what it moves.
    _demo25("command", "every evening at sunset, close the pergola", "cover.pergola_roof"),
    # A unit the house does not use (its thermometer is in °C).
    _demo25("command", "how many degrees Fahrenheit is it outside?", "sensor.outside_temperature"),
    # A family's word for the dining room's ceiling lights.
    _demo25("alias", "dim the chandelier in the dining room", "light.ceiling_lights"),
]

BENCH_HELD_OUT_25: Final = [
    # A phone's autocorrect: "pantry" made "panty".
    _bench25("typo", "turn off the panty light", "light.pantry_ceiling_light_1"),
    # Speech-to-text: "ensuite" heard as "on suite".
    _bench25("typo", "turn on the lamp in the on suite", "light.ensuite_lamp_1"),
    # Its one unavailable sensor.
    _bench25(
        "command", "which sensor in the gym has gone offline?", "sensor.gym_multisensor_2_battery_2"
    ),
    # An automation to write: the led strip is what it turns on, on the motion sensors.
    _bench25(
        "command",
        "when someone walks into the guest toilet, turn on the led strip",
        "light.guest_toilet_led_strip_1",
        "binary_sensor.guest_toilet_detector_1_motion",
        "binary_sensor.guest_toilet_detector_1_motion_2",
    ),
    # A level one of the living room's scenes holds (Living room 50 %), or its light.
    _bench25(
        "command",
        "set the living room lights to half",
        "scene.living_room_50",
        "light.living_room_ceiling_light_1",
    ),
    # Australian: the rumpus room is the playroom.
    _bench25("alias", "did the kids shut the rumpus room windows?", *_PLAYROOM_WINDOWS_25),
    # The room's number as a word.
    _bench25("alias", "switch off the spots in bedroom number two", "light.bedroom_2_spots_1"),
    # The pantry's one temperature: the guest toilet multisensor's second, set in the
    # pantry by an area of its own.
    _bench25(
        "purpose",
        "is the pantry cool enough for the cheese?",
        "sensor.guest_toilet_multisensor_1_temperature_2",
    ),
    _bench25("purpose", "we're heading out for the day", "script.leave_home"),
    _bench25("purpose", "the kids are going down for the night", "script.kids_bedtime"),
    # Indonesian: "tutup tirai": close the blind, "di kamar tidur utama": in the master
    # bedroom.
    _bench25("language", "tutup tirai di kamar tidur utama", "cover.master_bedroom_shade_1"),
    # Danish: "er døren til fyrrummet låst?": is the door to the boiler room locked?
    _bench25("language", "er døren til fyrrummet låst?", "lock.boiler_room_door_lock_1"),
    # Latin American Spanish: "¿quedó prendida": was it left on, "la lámpara del
    # estudio": the study's lamp.
    _bench25("voice", "Oye Google, ¿quedó prendida la lámpara del estudio?", "light.study_lamp_1"),
    # Three floors: the middle one is the ground floor.
    _bench25("floor", "all the lights on the middle floor", *_GROUND_FLOOR_LIGHTS_25),
    # German: "alle Rollläden": every roller shutter, "im ersten Stock": on the first
    # floor, "runter": down.
    _bench25("floor", "alle Rollläden im ersten Stock runter", *_FIRST_FLOOR_COVERS_25),
]


def _demo26(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=26)


def _bench26(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=26)


# The demo's windows (the hall's, the kitchen's, the living room's).
_WINDOWS_26: Final = ("cover.hall_window", "cover.kitchen_window", "cover.living_room_window")
# Every light but the bedroom's (the kitchen's decorative lights are a switch).
_LIGHTS_BUT_BEDROOM_26: Final = (
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "light.kitchen_lights",
    "light.living_room_rgbww_lights",
    "light.office_rgbw_lights",
    "switch.decorative_lights",
)
# The ground floor's lights: the dining room's, the entrance's, the kitchen's, the
# living room's.
_GROUND_FLOOR_LIGHTS_26: Final = (
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "light.kitchen_lights",
    "light.living_room_rgbww_lights",
    "switch.decorative_lights",
)
# The office's evening: its script and scene, or what they turn off (light, AC).
_OFFICE_EVENING_26: Final = (
    "script.buro_feierabend",
    "scene.buro_feierabend",
    "light.office_rgbw_lights",
    "switch.ac",
)
_GYM_LIGHTS_26: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
# Chinese counts the ground floor as the first: the second is the first floor. Its
# windows: the landing's cover and the window sensors of the bathroom, the dressing
# room and the playroom.
_FIRST_FLOOR_WINDOWS_26: Final = (
    "cover.landing_window_1",
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.dressing_room_detector_1_window",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# The basement's lights but the pantry's: the cinema's and the gym's.
_BASEMENT_LIGHTS_BUT_PANTRY_26: Final = (
    "light.cinema_ceiling_light_1",
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
)
_BATHROOM_MOTION_26: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
)

# Round 26: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_26: Final = [
    # A count over a plural.
    _demo26("plural", "how many windows are open?", *_WINDOWS_26),
    # A plural with one room left out.
    _demo26("plural", "turn off every light except the bedroom one", *_LIGHTS_BUT_BEDROOM_26),
    # A timer around the request.
    _demo26("command", "in twenty minutes, turn off the fan in the bedroom", "fan.ceiling_fan"),
    # A question about the past.
    _demo26("command", "when was the garage door last opened?", "cover.garage_door"),
    # Japanese in romaji: "shinshitsu no denki": the bedroom's light, "keshite": turn off.
    _demo26("language", "shinshitsu no denki keshite", "light.bed_light"),
    # Korean with an English device: "거실": living room, "꺼줘": turn off.
    _demo26("language", "거실 fan 꺼줘", "fan.living_room_fan"),
    # German: "Fahr das Pergoladach zu": close the pergola's roof.
    _demo26("language", "Fahr das Pergoladach zu", "cover.pergola_roof"),
    # Spanish: "¿dejé abierta": did I leave open, "la ventana de la cocina": the
    # kitchen's window.
    _demo26("language", "¿dejé abierta la ventana de la cocina?", "cover.kitchen_window"),
    # Italian: "il deumidificatore è acceso?": is the dehumidifier on?
    _demo26("language", "il deumidificatore è acceso?", "humidifier.dehumidifier"),
    # Dutch: "doe de lampen beneden uit": turn off the lights downstairs.
    _demo26("floor", "doe de lampen beneden uit", *_GROUND_FLOOR_LIGHTS_26),
    # A brand the house does not have: the bedroom's media player.
    _demo26("alias", "is the Chromecast in the bedroom playing?", "media_player.bedroom"),
    # The kitchen's one air sensor is its carbon monoxide.
    _demo26("purpose", "it smells like smoke in the kitchen", "sensor.carbon_monoxide"),
    # The end of the working day in the office: "Büro Feierabend".
    _demo26("purpose", "I've finished work for the day, shut down the office", *_OFFICE_EVENING_26),
    # A wake word of a family's own choosing.
    _demo26("voice", "Computer, set the lounge lights to half", "light.living_room_rgbww_lights"),
    # Two doubled letters.
    _demo26("typo", "is the lawnnmower chargging?", "lawn_mower.my_lawn_mower"),
]

BENCH_HELD_OUT_26: Final = [
    # An abbreviation of the room, telegraph style.
    _bench26("alias", "MBR shade down", "cover.master_bedroom_shade_1"),
    # American: the master bath is the ensuite.
    _bench26("alias", "turn on the master bath lamp", "light.ensuite_lamp_1"),
    # A brand the house does not have: the living room's speaker.
    _bench26("alias", "pause the HomePod in the living room", "media_player.living_room_speaker_1"),
    # Chinese in pinyin, no tones: "guan diao": turn off, "jianshenfang de deng": the
    # gym's lights.
    _bench26("language", "guan diao jianshenfang de deng", *_GYM_LIGHTS_26),
    # Portuguese: "a luz do corredor está acesa?": is the hallway light on?
    _bench26("language", "a luz do corredor está acesa?", "light.hall_lamp_1"),
    # German with an English device and a room no alias holds: "Mach ... an": turn on,
    # "im Schlafzimmer 2": in bedroom 2.
    _bench26("language", "Mach die Spots im Schlafzimmer 2 an", "light.bedroom_2_spots_1"),
    # Korean: "욕실에 움직임 있어?": is there movement in the bathroom?
    _bench26("language", "욕실에 움직임 있어?", *_BATHROOM_MOTION_26),
    # A timer around the request.
    _bench26("command", "in 10 minutes, lower the garden blind", "cover.garden_blind_1"),
    # A question about the past.
    _bench26(
        "command",
        "was the boiler room door unlocked at any point today?",
        "lock.boiler_room_door_lock_1",
    ),
    # Chinese: "二楼": the second floor, "的窗户都关了吗": are its windows all shut?
    _bench26("floor", "二楼的窗户都关了吗", *_FIRST_FLOOR_WINDOWS_26),
    # A plural with one room left out.
    _bench26(
        "plural",
        "switch off all the lights in the basement except the pantry",
        *_BASEMENT_LIGHTS_BUT_PANTRY_26,
    ),
    # A feeling: clammy is humid.
    _bench26("purpose", "the study feels clammy", "sensor.study_multisensor_1_humidity"),
    _bench26(
        "purpose", "the towels in the ensuite never dry", "sensor.ensuite_multisensor_1_humidity"
    ),
    # Spoken hesitations around the request.
    _bench26(
        "voice", "um, alexa, can you, uh, switch the garden relay off?", "switch.garden_relay_1"
    ),
    # A room's two words run together, two letters swapped.
    _bench26(
        "typo", "is the dressingroom widnow open?", "binary_sensor.dressing_room_detector_1_window"
    ),
]


def _demo27(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=27)


def _bench27(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=27)


# The kitchen's lighting: its lights and the decorative lights (a switch).
_KITCHEN_LIGHTING_27: Final = ("light.kitchen_lights", "switch.decorative_lights")
# Everything in the kitchen that turns off: its lighting and its media player.
_KITCHEN_EVERYTHING_27: Final = (*_KITCHEN_LIGHTING_27, "media_player.kitchen")
# The office's cooling: its AC switch and its thermostat.
_OFFICE_COOLING_27: Final = ("switch.ac", "climate.ecobee")
# The first floor's lights in the demo: the bedroom's and the office's.
_FIRST_FLOOR_LIGHTS_27: Final = ("light.bed_light", "light.office_rgbw_lights")
_LIVING_ROOM_AND_KITCHEN_WINDOWS_27: Final = ("cover.living_room_window", "cover.kitchen_window")
# bench_house's first floor lights: bedroom 2's spots, the study's, the landing's and
# the ensuite's.
_UPSTAIRS_LIGHTS_27: Final = (
    "light.bedroom_2_spots_1",
    "light.study_lamp_1",
    "light.landing_ceiling_light_1",
    "light.ensuite_lamp_1",
)
# The ground floor's plugs: the living room's two.
_DOWNSTAIRS_PLUGS_27: Final = ("switch.living_room_plug_1", "switch.living_room_plug_2")
_GUEST_TOILET_POWER_27: Final = (
    "sensor.guest_toilet_multisensor_2_power",
    "sensor.guest_toilet_multisensor_2_power_2",
)
_SAUNA_TEMPERATURE_27: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
)

# Round 27: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_27: Final = [
    # Two typos, with a setting.
    _demo27("typo", "set the heatpmp to 20 degres", "climate.heatpump"),
    # Speech to text: "hall" heard as "hole".
    _demo27("typo", "close the hole window", "cover.hall_window"),
    # A power user types the start of an entity id.
    _demo27("alias", "light.kitchen", "light.kitchen_lights"),
    # Chinese in traditional characters: "關掉": turn off, "臥室的風扇": the bedroom's fan.
    _demo27("language", "關掉臥室的風扇", "fan.ceiling_fan"),
    # Korean: "사무실": office, "에어컨": air conditioner, "꺼줘": turn off.
    _demo27("language", "사무실 에어컨 꺼줘", *_OFFICE_COOLING_27),
    # Mexican Spanish: "prende": turn on, "el aire": the air conditioning, "la recámara":
    # the bedroom.
    _demo27("language", "prende el aire de la recámara", "climate.hvac"),
    # French: "la tondeuse est rentrée ?": is the mower back in?
    _demo27("language", "la tondeuse est rentrée ?", "lawn_mower.my_lawn_mower"),
    # Turkish: "yatak odasının ışığını kapat": turn off the bedroom's light.
    _demo27("language", "yatak odasının ışığını kapat", "light.bed_light"),
    # German voice phrasing with a compound no alias holds: "Küchenbeleuchtung": the
    # kitchen's lighting, "schalte ... aus": switch off.
    _demo27("voice", "Alexa, schalte die Küchenbeleuchtung aus", *_KITCHEN_LIGHTING_27),
    # Mexican Spanish: "la planta alta": the upper floor.
    _demo27("floor", "apaga las luces de la planta alta", *_FIRST_FLOOR_LIGHTS_27),
    # Two rooms in one request.
    _demo27(
        "plural",
        "shut the windows in the living room and the kitchen",
        *_LIVING_ROOM_AND_KITCHEN_WINDOWS_27,
    ),
    # Everything in one room, whatever its domain.
    _demo27("plural", "turn everything off in the kitchen", *_KITCHEN_EVERYTHING_27),
    # A metaphor for heat.
    _demo27("purpose", "the office is like a sauna", *_OFFICE_COOLING_27),
    # A pet and a sensor out back.
    _demo27(
        "purpose",
        "the cat keeps setting off the motion sensor out back",
        "binary_sensor.movement_backyard",
    ),
    # A temperature in Fahrenheit in a house set in Celsius.
    _demo27("command", "set the bedroom to 68°F", "climate.hvac"),
]

BENCH_HELD_OUT_27: Final = [
    # Two typos.
    _bench27("typo", "swtich on the garden ceilng light", "light.garden_ceiling_light_1"),
    # Speech to text: "relay" heard as "really".
    _bench27("typo", "switch off the nursery really", "switch.nursery_relay_1"),
    # Spanish: "¿está bajada la persiana del jardín?": is the garden's blind down?
    _bench27("language", "¿está bajada la persiana del jardín?", "cover.garden_blind_1"),
    # German, colloquial: "Wie viel Strom zieht": how much power draws, "das Gästeklo":
    # the guest loo.
    _bench27("language", "Wie viel Strom zieht das Gästeklo?", *_GUEST_TOILET_POWER_27),
    # Japanese: "物置": the storage room, "のコンセントを切って": turn off its socket.
    _bench27("language", "物置のコンセントを切って", "switch.storage_plug_1"),
    # Italian: "accendi la lampada dello studio": turn on the study's lamp.
    _bench27("language", "accendi la lampada dello studio", "light.study_lamp_1"),
    # Brazilian Portuguese, colloquial: "quantos graus tá no escritório?": how many
    # degrees is it in the office?
    _bench27(
        "language", "quantos graus tá no escritório?", "sensor.office_multisensor_2_temperature"
    ),
    # Korean with an English loanword: "드레스룸": dressing room, "온도 올려줘": raise the
    # temperature.
    _bench27("language", "드레스룸 온도 올려줘", "climate.dressing_room_thermostat_1"),
    _bench27("floor", "all the lights upstairs off please", *_UPSTAIRS_LIGHTS_27),
    # A state question over a plural on a floor.
    _bench27("floor", "which plugs are on downstairs?", *_DOWNSTAIRS_PLUGS_27),
    # A routine told by a saying: the "Wake up" script.
    _bench27("purpose", "rise and shine", "script.wake_up"),
    _bench27("purpose", "is the sauna warm yet?", *_SAUNA_TEMPERATURE_27),
    # A family's name for the parents' bathroom: the ensuite (the bathroom has no lamp).
    _bench27("alias", "turn on the lamp in our bathroom", "light.ensuite_lamp_1"),
    # A state question with the room told by who sleeps there: bedroom 2 (Kinderzimmer).
    _bench27(
        "command", "did the kids leave the spots on in their room?", "light.bedroom_2_spots_1"
    ),
    # Voice phrasing with a purpose: the wine cellar's temperature.
    _bench27(
        "voice",
        "Hey Siri, is the wine cellar cold enough for the reds?",
        "sensor.wine_cellar_multisensor_1_temperature",
    ),
]


def _demo28(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=28)


def _bench28(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=28)


# The demo's air conditioning: the bedroom's Hvac (cooling), the office's Ecobee and
# its AC plug.
_AC_UNITS_28: Final = ("climate.hvac", "climate.ecobee", "switch.ac")
# The demo's ground floor window covers: the living room's, the kitchen's and the
# hall's (in the Entrance).
_DOWNSTAIRS_WINDOWS_28: Final = (
    "cover.living_room_window",
    "cover.kitchen_window",
    "cover.hall_window",
)
_PLAYROOM_WINDOWS_28: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
_DRESSING_ROOM_OCCUPANCY_28: Final = (
    "binary_sensor.dressing_room_detector_1_occupancy",
    "binary_sensor.dressing_room_detector_1_occupancy_2",
)
# bench_house's first floor presence: the bathroom's motion and the dressing room's
# occupancy.
_UPSTAIRS_PRESENCE_28: Final = (
    "binary_sensor.bathroom_detector_1_motion",
    "binary_sensor.bathroom_detector_1_motion_2",
    *_DRESSING_ROOM_OCCUPANCY_28,
)
_SPOTS_28: Final = ("light.bedroom_2_spots_1", "light.entrance_spots_1")

# Round 28: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_28: Final = [
    # Typed with caps lock on, and a letter dropped.
    _demo28(
        "typo", "TURN OFF THE KICHEN LIGHTS", "light.kitchen_lights", "switch.decorative_lights"
    ),
    # A room abbreviated as estate agents and texts write it: "bdrm", the bedroom.
    _demo28("typo", "bdrm fan on", "fan.ceiling_fan"),
    # Spanish: "¿se están regando los árboles?": are the trees being watered?
    _demo28("language", "¿se están regando los árboles?", "valve.trees", "valve.orchard"),
    # German: "Läuft der Luftentfeuchter noch?": is the dehumidifier still running?
    _demo28("language", "Läuft der Luftentfeuchter noch?", "humidifier.dehumidifier"),
    # Brazilian Portuguese: "abre a cobertura da pérgola": open the pergola's cover.
    _demo28("language", "abre a cobertura da pérgola", "cover.pergola_roof"),
    # Italian: "accendi il condizionatore in camera": turn on the air conditioner in the
    # bedroom ("camera" alone, as Italians say it).
    _demo28("language", "accendi il condizionatore in camera", "climate.hvac"),
    # Japanese: "二酸化炭素の濃度は？": what is the carbon dioxide concentration?
    _demo28("language", "二酸化炭素の濃度は？", "sensor.carbon_dioxide"),
    # Chinese: "加湿器开着吗？": is the humidifier on?
    _demo28("language", "加湿器开着吗？", "humidifier.humidifier"),
    # Korean: "부엌 문 잠가줘": lock the kitchen door.
    _demo28("language", "부엌 문 잠가줘", "lock.kitchen_door"),
    # Samsung's assistant, with a comfort wish rather than a device.
    _demo28(
        "voice",
        "Hey Bixby, make the living room a bit cooler",
        "climate.heatpump",
        "fan.living_room_fan",
    ),
    # A state question about what someone left, with the place told loosely.
    _demo28("command", "did I leave the sprinklers running out front?", "valve.front_garden"),
    # A purpose told by a symptom: the open window, or the heating.
    _demo28(
        "purpose",
        "there's a draught in the living room",
        "cover.living_room_window",
        "climate.heatpump",
    ),
    # A floor word with a family's word for window covers.
    _demo28("floor", "open the curtains downstairs", *_DOWNSTAIRS_WINDOWS_28),
    # A plural of a kind across two domains.
    _demo28("plural", "switch off all the AC units", *_AC_UNITS_28),
    # The everyday name of the device that moves a garage door.
    _demo28(
        "alias", "trigger the garage door opener", "cover.garage_door", "scene.open_the_garage"
    ),
]

BENCH_HELD_OUT_28: Final = [
    # Two typos: "boiler" and "door" each lose a letter.
    _bench28("typo", "is the boilr room dor locked?", "lock.boiler_room_door_lock_1"),
    # Texting shorthand with the vowels dropped: the living room speaker, off.
    _bench28("typo", "lvng rm spkr off", "media_player.living_room_speaker_1"),
    # Spanish: "enciende el relé de la biblioteca": turn on the library's relay.
    _bench28("language", "enciende el relé de la biblioteca", "switch.library_relay_1"),
    # German with a room alias: "Ist das Fenster im Spielzimmer offen?": is the window
    # in the playroom open?
    _bench28("language", "Ist das Fenster im Spielzimmer offen?", *_PLAYROOM_WINDOWS_28),
    # Italian: "c'è qualcuno nella cabina armadio?": is anyone in the walk-in wardrobe
    # (the dressing room)?
    _bench28("language", "c'è qualcuno nella cabina armadio?", *_DRESSING_ROOM_OCCUPANCY_28),
    # Japanese with a room alias: "サウナのコンセントを入れて": switch on the sauna's socket.
    _bench28("language", "サウナのコンセントを入れて", "switch.sauna_plug_1"),
    # Chinese: "关掉影院的风扇": turn off the cinema's fan.
    _bench28("language", "关掉影院的风扇", "switch.cinema_fan_1"),
    # Korean: "서재 습도 어때?": how's the humidity in the study?
    _bench28("language", "서재 습도 어때?", "sensor.study_multisensor_1_humidity"),
    # A script started by voice by its name, lower case as spoken.
    _bench28("voice", "OK Google, start bath time", "script.bath_time"),
    # A state question about what someone left playing.
    _bench28(
        "command",
        "did I leave the speaker on in the wine cellar?",
        "media_player.wine_cellar_speaker_1",
    ),
    # A purpose only a routine answers: the Cooking script (the house has no kitchen
    # devices).
    _bench28("purpose", "I'm about to start cooking", "script.cooking"),
    # A floor word on a plural that holds one: the garden's blind is the ground floor's
    # only blind.
    _bench28("floor", "open all the blinds downstairs", "cover.garden_blind_1"),
    # A floor asked for presence: motion and occupancy upstairs.
    _bench28("floor", "is anyone on the first floor?", *_UPSTAIRS_PRESENCE_28),
    # A plural of a kind of light across the house.
    _bench28("plural", "turn off all the spots", *_SPOTS_28),
    # A family's word for the storage room.
    _bench28("alias", "the junk room plug", "switch.storage_plug_1"),
]


def _demo29(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=29)


def _bench29(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=29)


# The office's cooling: its AC plug and its thermostat.
_OFFICE_COOLING_29: Final = ("switch.ac", "climate.ecobee")
# Watering the garden: its four valves and the script that waters it.
_DEMO_WATERING_29: Final = (
    "valve.front_garden",
    "valve.back_garden",
    "valve.orchard",
    "valve.trees",
    "script.water_the_garden",
)
# The demo's water heaters (in no room): either heats the shower's water.
_WATER_HEATERS_29: Final = (
    "water_heater.demo_water_heater",
    "water_heater.demo_water_heater_celsius",
)
# The demo's first floor lights: the bedroom's and the office's.
_UPSTAIRS_LIGHTS_29: Final = ("light.bed_light", "light.office_rgbw_lights")
_SIRENS_29: Final = ("siren.siren", "siren.siren_with_all_features")
_ENSUITE_TEMPERATURE_29: Final = (
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
)
# Everything in the basement that turns off: its four lights, the cinema's fan, the
# sauna's and the storage room's plugs, and the wine cellar's speaker.
_BASEMENT_EVERYTHING_29: Final = (
    "light.gym_lamp_1",
    "light.gym_ceiling_light_1",
    "light.cinema_ceiling_light_1",
    "light.pantry_ceiling_light_1",
    "switch.cinema_fan_1",
    "switch.sauna_plug_1",
    "switch.storage_plug_1",
    "media_player.wine_cellar_speaker_1",
)
# bench_house's lamps on the first floor: the study's and the ensuite's.
_UPSTAIRS_LAMPS_29: Final = ("light.study_lamp_1", "light.ensuite_lamp_1")

# Round 29: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_29: Final = [
    # A brand spelt as it is said ("EE-ko-bee").
    _demo29("typo", "set the eekobee to 20", "climate.ecobee"),
    # Two letters transposed, and the roof left unsaid.
    _demo29("typo", "open the pregola", "cover.pergola_roof"),
    # Speech to text: "kitchen" heard as "kitten".
    _demo29("typo", "lock the kitten door", "lock.kitchen_door"),
    # Dutch: "staat de airco in het kantoor nog aan?": is the air conditioning in the
    # office still on?
    _demo29("language", "staat de airco in het kantoor nog aan?", *_OFFICE_COOLING_29),
    # Polish: "włącz alarm na noc": turn on the alarm for the night.
    _demo29("language", "włącz alarm na noc", "alarm_control_panel.security"),
    # Greek: "πότισε τον κήπο": water the garden.
    _demo29("language", "πότισε τον κήπο", *_DEMO_WATERING_29),
    # Hebrew: "תפעיל את מכסחת הדשא": start the lawn mower.
    _demo29("language", "תפעיל את מכסחת הדשא", "lawn_mower.my_lawn_mower"),
    # Thai: "ความชื้นข้างนอกเท่าไหร่": how humid is it outside?
    _demo29("language", "ความชื้นข้างนอกเท่าไหร่", "sensor.outside_humidity"),
    # Home Assistant's own wake word, on a state question.
    _demo29("voice", "Okay Nabu, are the lights on in the dining room?", "light.ceiling_lights"),
    # A state question about a person, by their first name.
    _demo29("command", "is Paulus home yet?", "device_tracker.demo_paulus"),
    # A symptom only a water heater answers.
    _demo29("purpose", "the shower's gone cold", *_WATER_HEATERS_29),
    # A chore on a floor: the ground floor's robot vacuum (in no room).
    _demo29("floor", "start the vacuum downstairs", "vacuum.demo_vacuum_0_ground_floor"),
    # Swedish: "släck lamporna på övervåningen": turn off the lights upstairs.
    _demo29("floor", "släck lamporna på övervåningen", *_UPSTAIRS_LIGHTS_29),
    # A plural of a kind no earlier round asked for.
    _demo29("plural", "silence the sirens", *_SIRENS_29),
    # The garage door by one of its own aliases ("Garage gate"), in a state question.
    _demo29("alias", "is the garage gate shut?", "cover.garage_door"),
]

BENCH_HELD_OUT_29: Final = [
    # A room spelt as it is said: "ensuite" as "ensweet".
    _bench29("typo", "how warm is the ensweet?", *_ENSUITE_TEMPERATURE_29),
    # Two letters transposed: "stuyd", the study.
    _bench29("typo", "turn the stuyd lamp off", "light.study_lamp_1"),
    # Speech to text: "pantry" heard as "paint tree".
    _bench29("typo", "turn off the paint tree light", "light.pantry_ceiling_light_1"),
    # Czech: "stáhni žaluzii na zahradě": pull down the blind in the garden.
    _bench29("language", "stáhni žaluzii na zahradě", "cover.garden_blind_1"),
    # Turkish: "şarap mahzenindeki hoparlörü kapat": turn off the speaker in the wine
    # cellar.
    _bench29(
        "language", "şarap mahzenindeki hoparlörü kapat", "media_player.wine_cellar_speaker_1"
    ),
    # Hindi: "सॉना का प्लग चालू करो": switch on the sauna's plug.
    _bench29("language", "सॉना का प्लग चालू करो", "switch.sauna_plug_1"),
    # Japanese: "客間の温度は？": what's the temperature in the guest room (Bedroom 3)?
    _bench29("language", "客間の温度は？", "sensor.bedroom_3_multisensor_1_temperature"),
    # Chinese: "把楼梯平台的窗户关上": close the window on the landing.
    _bench29("language", "把楼梯平台的窗户关上", "cover.landing_window_1"),
    # German, one compound for the room and the door: "Ist die Bürotür zu?": is the
    # office door shut?
    _bench29("language", "Ist die Bürotür zu?", "binary_sensor.office_detector_1_door"),
    # A wake word of Home Assistant's own (openWakeWord), with a routine as a mode:
    # the Workout script.
    _bench29("voice", "Hey Jarvis, workout mode", "script.workout"),
    # A state question on the plug in no room, its number said as a word.
    _bench29("command", "is plug one on?", "switch.plug_1"),
    # A chore only a routine answers: the Dinner script.
    _bench29("purpose", "I'm laying the table", "script.dinner"),
    # Everything on a floor, whatever its domain.
    _bench29("floor", "turn everything off in the basement", *_BASEMENT_EVERYTHING_29),
    # A plural of a kind of light on a floor.
    _bench29("plural", "switch on all the lamps upstairs", *_UPSTAIRS_LAMPS_29),
    # A family's word for the library.
    _bench29("alias", "switch off the relay in the reading room", "switch.library_relay_1"),
]


def _demo30(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=30)


def _bench30(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=30)


# The back door: the kitchen's, or one of the two doors in no room.
_BACK_DOORS_30: Final = ("lock.kitchen_door", "lock.poorly_installed_door", "lock.openable_lock")
# The demo's water heaters (in no room): either heats the house's water.
_WATER_HEATERS_30: Final = (
    "water_heater.demo_water_heater",
    "water_heater.demo_water_heater_celsius",
)
# Whether it will rain: either of the demo's two weather forecasts.
_WEATHER_30: Final = ("weather.demo_weather_north", "weather.demo_weather_south")
# Who is home: the demo's three tracked people and its one person.
_PEOPLE_30: Final = (
    "device_tracker.demo_paulus",
    "device_tracker.demo_anne_therese",
    "device_tracker.demo_home_boy",
    "person.demo",
)
# "The Roomba": any of the demo's robot vacuums (in no room, named for a floor).
_VACUUMS_30: Final = (
    "vacuum.demo_vacuum_0_ground_floor",
    "vacuum.demo_vacuum_1_first_floor",
    "vacuum.demo_vacuum_2_second_floor",
    "vacuum.demo_vacuum_3_third_floor",
    "vacuum.demo_vacuum_4_fourth_floor",
)
# The demo's ground floor lights, the kitchen's decorative lights among them.
_BOTTOM_FLOOR_LIGHTS_30: Final = (
    "light.living_room_rgbww_lights",
    "light.kitchen_lights",
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "switch.decorative_lights",
)
_GUEST_TOILET_WINDOWS_30: Final = (
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
)
_DINING_ROOM_HUMIDITY_30: Final = (
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
)
_SAUNA_TEMPERATURES_30: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
)
_PLAYROOM_WINDOWS_30: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# What draws power on bench_house's ground floor: the office's and the guest toilet's.
_GROUND_FLOOR_POWER_30: Final = (
    "sensor.office_multisensor_1_power",
    "sensor.office_multisensor_2_power",
    "sensor.guest_toilet_multisensor_2_power",
    "sensor.guest_toilet_multisensor_2_power_2",
)

# Round 30: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_30: Final = [
    # A word spelt as it is said ("OR-cherd"); the script that waters the orchard too.
    _demo30("typo", "water the orcherd", "valve.orchard", "script.water_the_garden"),
    # Two letters transposed in a short word.
    _demo30("typo", "shut the hlal window", "cover.hall_window"),
    # Speech to text: "entrance" heard as "entrants".
    _demo30("typo", "turn off the entrants lights", "light.entrance_color_white_lights"),
    # Vietnamese: "máy hút ẩm có đang chạy không?": is the dehumidifier running?
    _demo30("language", "máy hút ẩm có đang chạy không?", "humidifier.dehumidifier"),
    # Thai: "ปิดเครื่องทำน้ำอุ่น": turn off the water heater.
    _demo30("language", "ปิดเครื่องทำน้ำอุ่น", *_WATER_HEATERS_30),
    # Japanese: "ウォークマン止めて": stop the Walkman (a brand, in katakana).
    _demo30("language", "ウォークマン止めて", "media_player.walkman"),
    # Dutch: "is de achterdeur op slot?": is the back door locked?
    _demo30("language", "is de achterdeur op slot?", *_BACK_DOORS_30),
    # Chinese: "让扫地机器人打扫一楼": have the robot vacuum clean the "first floor",
    # which in China is the floor at street level: the ground floor's vacuum.
    _demo30("floor", "让扫地机器人打扫一楼", "vacuum.demo_vacuum_0_ground_floor"),
    # A floor word no alias holds: the bottom floor is the ground floor.
    _demo30("floor", "switch off the lights on the bottom floor", *_BOTTOM_FLOOR_LIGHTS_30),
    # Another of Home Assistant's own wake words (openWakeWord's "Hey Mycroft").
    _demo30("voice", "Hey Mycroft, pause the music in the kitchen", "media_player.kitchen"),
    # A question only a weather forecast answers.
    _demo30("purpose", "should I take an umbrella?", *_WEATHER_30),
    # Going away: the house's vacation mode (a helper), or its alarm.
    _demo30(
        "purpose",
        "we're off on holiday for two weeks",
        "input_boolean.vacation_mode",
        "alarm_control_panel.security",
    ),
    # An automation told by what it does, not by its name ("Secure the house at midnight").
    _demo30(
        "command",
        "stop the house locking itself up at midnight",
        "automation.secure_the_house_at_midnight",
    ),
    # A plural of people: who is home.
    _demo30("plural", "who's home?", *_PEOPLE_30),
    # A brand said for any robot vacuum.
    _demo30("alias", "send the Roomba back to its base", *_VACUUMS_30),
]

BENCH_HELD_OUT_30: Final = [
    # Both words spelt as they are said, in a state question.
    _bench30("typo", "is the gest toylet window shut?", *_GUEST_TOILET_WINDOWS_30),
    # Two letters transposed.
    _bench30("typo", "how humid is the dinign room?", *_DINING_ROOM_HUMIDITY_30),
    # Speech to text: "shade" heard as "shed".
    _bench30("typo", "close the shed in the master bedroom", "cover.master_bedroom_shade_1"),
    # Czech: "je zamčená kotelna?": is the boiler room locked?
    _bench30("language", "je zamčená kotelna?", "lock.boiler_room_door_lock_1"),
    # Hindi: "बच्चों के कमरे की लाइट बंद करो": turn off the light in the children's room
    # (Bedroom 2, the Kinderzimmer, or the nursery).
    _bench30(
        "language",
        "बच्चों के कमरे की लाइट बंद करो",
        "light.bedroom_2_spots_1",
        "switch.nursery_relay_1",
    ),
    # Vietnamese: "nhiệt độ phòng xông hơi bao nhiêu?": what's the temperature in the sauna?
    _bench30("language", "nhiệt độ phòng xông hơi bao nhiêu?", *_SAUNA_TEMPERATURES_30),
    # Hebrew: "החלון בחדר המשחקים פתוח?": is the window in the playroom open?
    _bench30("language", "החלון בחדר המשחקים פתוח?", *_PLAYROOM_WINDOWS_30),
    # Turkish: "spor salonundaki lambayı kapat": turn off the lamp in the gym ("lamba" is
    # said of any light).
    _bench30(
        "language",
        "spor salonundaki lambayı kapat",
        "light.gym_lamp_1",
        "light.gym_ceiling_light_1",
    ),
    # Spanish: "baja el toldo del jardín": lower the garden awning (its blind).
    _bench30("language", "baja el toldo del jardín", "cover.garden_blind_1"),
    # French: "coupe la prise 3": switch off plug 3, one of the storage room plug's
    # own aliases ("Prise 3").
    _bench30("alias", "coupe la prise 3", "switch.storage_plug_1"),
    # A British family's word for the pantry.
    _bench30("alias", "turn off the larder light", "light.pantry_ceiling_light_1"),
    # Another of Home Assistant's own wake words (openWakeWord's "Hey Rhasspy").
    _bench30("voice", "Hey Rhasspy, reading mode", "script.reading"),
    # A symptom on a floor: what draws power on the ground floor.
    _bench30(
        "floor",
        "the electricity bill is huge, what's drawing so much power downstairs?",
        *_GROUND_FLOOR_POWER_30,
    ),
    # A chore only a routine answers: going to bed is Good night.
    _bench30("purpose", "I'm heading up to bed", "script.good_night"),
    # A plural of rooms of which only one has a thermometer (Bedroom 3).
    _bench30("plural", "how warm are the bedrooms?", "sensor.bedroom_3_multisensor_1_temperature"),
]


def _demo31(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=31)


def _bench31(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=31)


# Who is at the door: any of the demo's cameras (in no room).
_CAMERAS_31: Final = (
    "camera.demo_camera",
    "camera.demo_camera_png",
    "camera.demo_camera_without_stream",
)
# The demo's bedtime routines: its three night scripts and two night scenes.
_BEDTIME_ROUTINES_31: Final = (
    "script.good_night",
    "script.bonne_nuit",
    "script.oyasumi",
    "scene.bonne_nuit",
    "scene.oyasumi",
)
# "The boiler", as the British say of what heats the water: either water heater,
# or the heat pump that heats the house.
_BOILER_31: Final = (
    "water_heater.demo_water_heater",
    "water_heater.demo_water_heater_celsius",
    "climate.heatpump",
)
# Whether it is dark out: the sun, or when it sets and dusk falls.
_SUN_31: Final = ("sun.sun", "sensor.sun_next_setting", "sensor.sun_next_dusk")
# The study's humidity, or the office's: "חדר עבודה" (a work room) is either.
_WORK_ROOM_HUMIDITY_31: Final = (
    "sensor.study_multisensor_1_humidity",
    "sensor.office_multisensor_2_humidity",
)
# The ensuite (a shower room, "Salle d'eau") has two temperatures.
_ENSUITE_TEMPERATURES_31: Final = (
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
)
# The gym's batteries: its second multisensor's two (one of them unavailable).
_GYM_BATTERIES_31: Final = (
    "sensor.gym_multisensor_2_battery",
    "sensor.gym_multisensor_2_battery_2",
)
# bench_house's ground floor lights (the garden is on the ground floor).
_GROUND_FLOOR_LIGHTS_31: Final = (
    "light.living_room_ceiling_light_1",
    "light.garden_ceiling_light_1",
    "light.entrance_spots_1",
    "light.guest_toilet_led_strip_1",
    "light.hall_lamp_1",
)
# The office multisensor's two batteries.
_OFFICE_BATTERIES_31: Final = (
    "sensor.office_multisensor_1_battery",
    "sensor.office_multisensor_1_battery_2",
)
# The living room's lights on low: the dimmest scenes, or the light itself.
_LIVING_ROOM_LOW_31: Final = (
    "scene.living_room_10",
    "scene.living_room_30",
    "light.living_room_ceiling_light_1",
)
_BATHROOM_WINDOWS_31: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
)

# Round 31: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_31: Final = [
    # A slip to the next key on the keyboard ("n" for "m").
    _demo31("typo", "turn off the hunidifier", "humidifier.humidifier"),
    # Speech to text splitting a brand in two words.
    _demo31("typo", "pause the walk man", "media_player.walkman"),
    # A word spelt as it is said, for a domain no round asked for (air quality);
    # the office's CO2 sensor tells it too.
    _demo31(
        "typo",
        "how's the air kwality in the office?",
        "air_quality.demo_air_quality_office",
        "sensor.carbon_dioxide",
    ),
    # Polish: "włącz podlewanie drzew": turn on the watering of the trees.
    _demo31("language", "włącz podlewanie drzew", "valve.trees"),
    # Persian: "چراغ اتاق خواب را خاموش کن": turn off the bedroom light.
    _demo31("language", "چراغ اتاق خواب را خاموش کن", "light.bed_light"),
    # Hindi: "घास काटने वाली मशीन चालू करो": start the grass-cutting machine.
    _demo31("language", "घास काटने वाली मशीन चालू करो", "lawn_mower.my_lawn_mower"),
    # Japanese: "防犯アラームをセットして": set the security alarm (its alias is 警報).
    _demo31("language", "防犯アラームをセットして", "alarm_control_panel.security"),
    # Chinese: "朋友到了，帮我开一下前门": my friend is here, open the front door for me.
    _demo31(
        "language",
        "朋友到了，帮我开一下前门",
        "script.unlock_front_door",
        "lock.front_door",
    ),
    # Amazon's other wake word ("Echo"), with a purpose only a helper answers.
    _demo31("voice", "Echo, my in-laws are staying for the weekend", "input_boolean.guest_mode"),
    # A purpose only a camera answers (a domain no round asked for).
    _demo31("purpose", "the doorbell just went, who is it?", *_CAMERAS_31),
    # An automation told by what it does, to skip it ("Lights on at sunset").
    _demo31(
        "command",
        "skip turning the lights on at sunset tonight",
        "automation.lights_on_at_sunset",
    ),
    # A brand used as a verb (British "hoover") with a floor.
    _demo31("floor", "hoover the first floor", "vacuum.demo_vacuum_1_first_floor"),
    # A plural of routines, in three languages' names.
    _demo31("plural", "what bedtime routines do we have?", *_BEDTIME_ROUTINES_31),
    # A British word for the water heater, in a state question.
    _demo31("alias", "is the boiler on?", *_BOILER_31),
    # A state question only the sun answers (a domain no round asked for).
    _demo31("command", "is it dark out yet?", *_SUN_31),
]

BENCH_HELD_OUT_31: Final = [
    # Two letters transposed, in a state question.
    _bench31("typo", "is the sanua plug on?", "switch.sauna_plug_1"),
    # A word spelt as it is said ("sinema").
    _bench31("typo", "dim the sinema lights", "light.cinema_ceiling_light_1"),
    # Speech to text: "landing" heard as "lending".
    _bench31("typo", "turn off the lending light", "light.landing_ceiling_light_1"),
    # Dutch: "hoeveel stroom verbruikt de logeerkamer?": how much power does the guest
    # room (Bedroom 3, alias "Guest room") use?
    _bench31(
        "language",
        "hoeveel stroom verbruikt de logeerkamer?",
        "sensor.bedroom_3_multisensor_1_power",
    ),
    # Hebrew: "מה הלחות בחדר העבודה?": what's the humidity in the work room (study or office)?
    _bench31("language", "מה הלחות בחדר העבודה?", *_WORK_ROOM_HUMIDITY_31),
    # Thai: "เปิดม่านในห้องนอนใหญ่": open the curtain in the big bedroom (its shade).
    _bench31("language", "เปิดม่านในห้องนอนใหญ่", "cover.master_bedroom_shade_1"),
    # Swedish: "hur varmt är det i duschrummet?": how warm is it in the shower room?
    _bench31("language", "hur varmt är det i duschrummet?", *_ENSUITE_TEMPERATURES_31),
    # French: "éteins la veilleuse de la chambre de bébé": turn off the night light in
    # the baby's room (the nursery's relay, labelled Night).
    _bench31(
        "language",
        "éteins la veilleuse de la chambre de bébé",
        "switch.nursery_relay_1",
    ),
    # German: "Wie voll sind die Batterien im Fitnessraum?": how full are the batteries
    # in the gym? (a plural).
    _bench31("language", "Wie voll sind die Batterien im Fitnessraum?", *_GYM_BATTERIES_31),
    # Czech: "zhasni všechna světla v přízemí": turn off all the lights on the ground floor.
    _bench31("floor", "zhasni všechna světla v přízemí", *_GROUND_FLOOR_LIGHTS_31),
    # Microsoft's wake word, with a purpose only a routine answers (Movie time).
    _bench31(
        "voice",
        "Hey Cortana, we're watching a film in the cinema tonight",
        "script.movie_time",
    ),
    # A symptom: a sensor gone quiet, whose batteries may be flat.
    _bench31(
        "purpose",
        "the office sensor has stopped reporting, are its batteries flat?",
        *_OFFICE_BATTERIES_31,
    ),
    # A level no scene is named for ("on low"): the dimmest scenes, or the light.
    _bench31("command", "put the living room lights on low", *_LIVING_ROOM_LOW_31),
    # A plural of one room's window sensors.
    _bench31("plural", "are the bathroom windows shut?", *_BATHROOM_WINDOWS_31),
    # An everyday word for the garden.
    _bench31("alias", "turn on the patio light", "light.garden_ceiling_light_1"),
]


def _demo32(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=32)


def _bench32(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=32)


# Tomorrow's weather: either of the demo's two forecasts.
_WEATHER_32: Final = ("weather.demo_weather_north", "weather.demo_weather_south")
# The demo's ground floor windows (living room, kitchen, entrance hall).
_GROUND_FLOOR_WINDOWS_32: Final = (
    "cover.living_room_window",
    "cover.kitchen_window",
    "cover.hall_window",
)
# The demo's two calendars: either may hold today's events.
_CALENDARS_32: Final = ("calendar.calendar_1", "calendar.calendar_2")
# Every update entity of the demo (five of them have one waiting).
_UPDATES_32: Final = (
    "update.demo_add_on",
    "update.demo_living_room_bulb_update",
    "update.demo_update_no_install",
    "update.demo_update_with_decimal_progress",
    "update.demo_update_with_progress",
    "update.demo_no_update",
)
# bench_house's basement blinds and shades (boiler room, wine cellar).
_BASEMENT_BLINDS_32: Final = ("cover.boiler_room_blind_1", "cover.wine_cellar_shade_1")
# The dining room's four humidity sensors (two multisensors, two each).
_DINING_ROOM_HUMIDITY_32: Final = (
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
)
# The sauna multisensor's two batteries.
_SAUNA_BATTERIES_32: Final = (
    "sensor.sauna_multisensor_1_battery",
    "sensor.sauna_multisensor_1_battery_2",
)
# The guest toilet's thermometers; the third one ("Temperature 2") is named for
# the guest toilet but has the pantry as its own area.
_GUEST_TOILET_TEMPERATURES_32: Final = (
    "sensor.guest_toilet_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_3",
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
# bench_house's ground floor illuminance sensors (office, dining room, guest toilet).
_GROUND_FLOOR_ILLUMINANCE_32: Final = (
    "sensor.office_multisensor_1_illuminance",
    "sensor.dining_room_multisensor_1_illuminance",
    "sensor.guest_toilet_multisensor_2_illuminance",
)

# Round 32: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_32: Final = [
    # Two letters transposed ("alram"), in a state question about the alarm.
    _demo32("typo", "is the alram set?", "alarm_control_panel.security"),
    # A word spelt as it sounds ("wether"), for tomorrow's forecast.
    _demo32("typo", "what's the wether doing tomorrow?", *_WEATHER_32),
    # Speech to text mishearing "mower" as "more".
    _demo32("typo", "send the lawn more back to its dock", "lawn_mower.my_lawn_mower"),
    # Greek: "σβήσε τα φώτα στην κουζίνα": turn off the lights in the kitchen.
    _demo32(
        "language",
        "σβήσε τα φώτα στην κουζίνα",
        "light.kitchen_lights",
        "switch.decorative_lights",
    ),
    # Turkish: "garaj kapısı açık mı?": is the garage door open?
    _demo32("language", "garaj kapısı açık mı?", "cover.garage_door"),
    # Vietnamese: "mở cửa sổ phòng khách": open the living room window.
    _demo32("language", "mở cửa sổ phòng khách", "cover.living_room_window"),
    # Arabic: "أطفئ المكيف في المكتب": turn off the air conditioner in the office.
    _demo32("language", "أطفئ المكيف في المكتب", "switch.ac", "climate.ecobee"),
    # Ukrainian: "чи замкнені вхідні двері?": is the front door locked?
    _demo32("language", "чи замкнені вхідні двері?", "lock.front_door"),
    # Polish, a floor word: "zamknij wszystkie okna na parterze": close all the
    # windows on the ground floor.
    _demo32("floor", "zamknij wszystkie okna na parterze", *_GROUND_FLOOR_WINDOWS_32),
    # Xiaomi's wake word (小爱同学, "Xiao Ai, classmate"), in Chinese:
    # "小爱同学，把空调调到26度": Xiao Ai, set the air conditioner to 26 degrees (the
    # bedroom's, which is cooling, or the office's).
    _demo32("voice", "小爱同学，把空调调到26度", "climate.hvac", "climate.ecobee"),
    # A chore only the ground floor's robot vacuum answers (the kitchen is there).
    _demo32(
        "purpose",
        "there are crumbs all over the kitchen floor",
        "vacuum.demo_vacuum_0_ground_floor",
    ),
    # A state question only a calendar answers (a domain no round asked for).
    _demo32("command", "what's on the calendar today?", *_CALENDARS_32),
    # A plural of update entities (a domain no round asked for).
    _demo32("plural", "are there any updates waiting to be installed?", *_UPDATES_32),
    # An everyday name for the kitchen's speaker ("the radio").
    _demo32("alias", "turn the radio down in the kitchen", "media_player.kitchen"),
]

BENCH_HELD_OUT_32: Final = [
    # Two letters transposed ("thermotsat"), in a state question.
    _bench32(
        "typo",
        "is the dressing room thermotsat on?",
        "climate.dressing_room_thermostat_1",
    ),
    # A word spelt as it sounds ("boyler").
    _bench32("typo", "is the boyler room locked?", "lock.boiler_room_door_lock_1"),
    # Speech to text mishearing "study" as "steady".
    _bench32("typo", "turn on the steady lamp", "light.study_lamp_1"),
    # Hebrew: "תכבה את האור בחדר הקולנוע": turn off the light in the cinema room.
    _bench32("language", "תכבה את האור בחדר הקולנוע", "light.cinema_ceiling_light_1"),
    # Hindi: "बगीचे की लाइट जला दो": turn on the garden light.
    _bench32("language", "बगीचे की लाइट जला दो", "light.garden_ceiling_light_1"),
    # Thai: "ปิดลำโพงในห้องนั่งเล่น": turn off the speaker in the living room.
    _bench32("language", "ปิดลำโพงในห้องนั่งเล่น", "media_player.living_room_speaker_1"),
    # Dutch, a floor word: "zijn de rolluiken in de kelder dicht?": are the roller
    # blinds in the basement closed?
    _bench32("floor", "zijn de rolluiken in de kelder dicht?", *_BASEMENT_BLINDS_32),
    # Swedish: "hur fuktigt är det i matsalen?": how humid is it in the dining room?
    _bench32("language", "hur fuktigt är det i matsalen?", *_DINING_ROOM_HUMIDITY_32),
    # Spanish: "¿cuánta batería le queda al sensor de la sauna?": how much battery
    # does the sauna sensor have left?
    _bench32(
        "language",
        "¿cuánta batería le queda al sensor de la sauna?",
        *_SAUNA_BATTERIES_32,
    ),
    # Japanese: "図書室のリレーを切って": switch off the library's relay (図書室 is no
    # alias of the Library).
    _bench32("language", "図書室のリレーを切って", "switch.library_relay_1"),
    # Snips' wake word (a voice assistant no round used).
    _bench32(
        "voice",
        "Hey Snips, turn off the plug in the storage room",
        "switch.storage_plug_1",
    ),
    # A symptom whose answer is the study's humidity.
    _bench32(
        "purpose",
        "the plants in the study are wilting, is the air too dry?",
        "sensor.study_multisensor_1_humidity",
    ),
    # A plural of one room's thermometers (one is in the pantry by its own area).
    _bench32(
        "plural",
        "what do the guest toilet thermometers say?",
        *_GUEST_TOILET_TEMPERATURES_32,
    ),
    # The American name of a boiler room ("the furnace room").
    _bench32("alias", "open the blind in the furnace room", "cover.boiler_room_blind_1"),
    # A floor and a measure: the light level on the ground floor.
    _bench32(
        "floor",
        "what's the light level on the ground floor?",
        *_GROUND_FLOOR_ILLUMINANCE_32,
    ),
]


def _demo33(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=33)


def _bench33(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=33)


# The demo's routines for the night: its scripts and scenes "Good night",
# "Bonne nuit" and "おやすみ".
_GOOD_NIGHT_33: Final = (
    "script.good_night",
    "script.bonne_nuit",
    "script.oyasumi",
    "scene.bonne_nuit",
    "scene.oyasumi",
)
# Who is home: the demo's person and its three tracked devices.
_PEOPLE_33: Final = (
    "person.demo",
    "device_tracker.demo_paulus",
    "device_tracker.demo_anne_therese",
    "device_tracker.demo_home_boy",
)
# When it gets dark: the next dusk, the next sunset, or the sun itself.
_DUSK_33: Final = ("sensor.sun_next_dusk", "sensor.sun_next_setting", "sun.sun")
# Whether the doors are locked: the template sensor that says so, or the four locks.
_DOORS_33: Final = (
    "binary_sensor.doors_secured",
    "lock.front_door",
    "lock.kitchen_door",
    "lock.openable_lock",
    "lock.poorly_installed_door",
)
# Last night's backup: when the last one succeeded, was attempted, or the
# backup manager's state.
_BACKUP_33: Final = (
    "sensor.backup_last_successful_automatic_backup",
    "sensor.backup_last_attempted_automatic_backup",
    "sensor.backup_backup_manager_state",
)
# The demo's ground floor lights (kitchen, living room, dining room, entrance)
# and the kitchen's decorative lights switch.
_GROUND_FLOOR_LIGHTS_33: Final = (
    "light.kitchen_lights",
    "light.living_room_rgbww_lights",
    "light.ceiling_lights",
    "light.entrance_color_white_lights",
    "switch.decorative_lights",
)
# The study's two thermometers.
_STUDY_TEMPERATURES_33: Final = (
    "sensor.study_multisensor_1_temperature",
    "sensor.study_multisensor_1_temperature_2",
)
# The ensuite's two thermometers.
_ENSUITE_TEMPERATURES_33: Final = (
    "sensor.ensuite_multisensor_1_temperature",
    "sensor.ensuite_multisensor_1_temperature_2",
)
# bench_house's first floor humidity sensors (ensuite, bedroom 2, bedroom 3, study).
_FIRST_FLOOR_HUMIDITY_33: Final = (
    "sensor.ensuite_multisensor_1_humidity",
    "sensor.bedroom_2_multisensor_1_humidity",
    "sensor.bedroom_3_multisensor_1_humidity",
    "sensor.study_multisensor_1_humidity",
)

# Round 33: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_33: Final = [
    # A person's name spelt as it sounds ("Anne Terez" for Anne Therese).
    _demo33("typo", "is Anne Terez home yet?", "device_tracker.demo_anne_therese"),
    # Two letters transposed ("udpate"), for one bulb's firmware update.
    _demo33(
        "typo",
        "is there an udpate for the living room bulb?",
        "update.demo_living_room_bulb_update",
    ),
    # Speech to text mishearing "leak alert" as "leak a lot" (an automation).
    _demo33("typo", "is the basement leak a lot on?", "automation.basement_leak_alert"),
    # Czech: "jaká je kvalita vzduchu doma?": what's the air quality at home?
    _demo33(
        "language",
        "jaká je kvalita vzduchu doma?",
        "air_quality.demo_air_quality_home",
        "air_quality.demo_air_quality_office",
    ),
    # Polish: "fajrant w biurze": knocking-off time in the office ("fajrant" is
    # Polish's borrowing of the German "Feierabend").
    _demo33(
        "language",
        "fajrant w biurze",
        "script.buro_feierabend",
        "scene.buro_feierabend",
    ),
    # Hebrew: "לילה טוב": good night (the night routine, in any of its languages).
    _demo33("language", "לילה טוב", *_GOOD_NIGHT_33),
    # Hungarian: "otthon van már valaki?": is anyone home yet?
    _demo33("language", "otthon van már valaki?", *_PEOPLE_33),
    # Romanian: "pornește aspiratorul la parter": start the vacuum on the ground floor.
    _demo33(
        "language",
        "pornește aspiratorul la parter",
        "vacuum.demo_vacuum_0_ground_floor",
    ),
    # Vietnamese: "bật chế độ khách": turn on guest mode.
    _demo33("language", "bật chế độ khách", "input_boolean.guest_mode"),
    # Danish, a state question: "hvornår bliver det mørkt i dag?": when does it
    # get dark today?
    _demo33("language", "hvornår bliver det mørkt i dag?", *_DUSK_33),
    # Yandex's wake word (Алиса, "Alice"), in Russian: "Алиса, включи
    # увлажнитель": Alice, turn on the humidifier.
    _demo33("voice", "Алиса, включи увлажнитель", "humidifier.humidifier"),
    # A plural state question one template sensor answers (or the locks).
    _demo33("plural", "are the doors all locked up for the night?", *_DOORS_33),
    # A worry only the backup sensors answer (a kind of entity no round asked for).
    _demo33("purpose", "did last night's backup go through?", *_BACKUP_33),
    # Turkish, a floor word: "alt kattaki ışıkları kapat": turn off the lights
    # downstairs.
    _demo33("floor", "alt kattaki ışıkları kapat", *_GROUND_FLOOR_LIGHTS_33),
    # The Australian name of a garage door ("the roller door").
    _demo33("alias", "is the roller door shut?", "cover.garage_door"),
]

BENCH_HELD_OUT_33: Final = [
    # Two letters transposed ("humdiity").
    _bench33(
        "typo",
        "what's the humdiity in the ensuite?",
        "sensor.ensuite_multisensor_1_humidity",
    ),
    # A word spelt as it sounds ("sinnema").
    _bench33("typo", "is the sinnema fan running?", "switch.cinema_fan_1"),
    # Speech to text mishearing "ceiling" as "feeling".
    _bench33("typo", "turn off the landing feeling light", "light.landing_ceiling_light_1"),
    # Slovak: "zhasni svetlo na chodbe": turn off the light in the hall.
    _bench33("language", "zhasni svetlo na chodbe", "light.hall_lamp_1"),
    # Indonesian: "berapa suhu di kamar tamu?": what's the temperature in the
    # guest room? (Bedroom 3, whose alias is "Guest room").
    _bench33(
        "language",
        "berapa suhu di kamar tamu?",
        "sensor.bedroom_3_multisensor_1_temperature",
    ),
    # Greek: "ποια είναι η θερμοκρασία στο γραφείο;": what's the temperature in
    # the office?
    _bench33(
        "language",
        "ποια είναι η θερμοκρασία στο γραφείο;",
        "sensor.office_multisensor_2_temperature",
    ),
    # Hindi with English loanwords in Devanagari: "डाइनिंग रूम का तापमान कितना है?":
    # what's the temperature in the dining room?
    _bench33(
        "language",
        "डाइनिंग रूम का तापमान कितना है?",
        "sensor.dining_room_multisensor_2_temperature",
    ),
    # Finnish: "onko pukuhuoneen ikkuna auki?": is the dressing room window open?
    _bench33(
        "language",
        "onko pukuhuoneen ikkuna auki?",
        "binary_sensor.dressing_room_detector_1_window",
    ),
    # Arabic: "أغلق نافذة بسطة الدرج": close the window on the stair landing.
    _bench33("language", "أغلق نافذة بسطة الدرج", "cover.landing_window_1"),
    # Homey's wake word (a voice assistant no round used), in Dutch: "Hey Homey,
    # doe de lamp in de studeerkamer uit": Hey Homey, turn off the lamp in the study.
    _bench33(
        "voice",
        "Hey Homey, doe de lamp in de studeerkamer uit",
        "light.study_lamp_1",
    ),
    # A symptom whose answer is the study's thermometers (it has no thermostat).
    _bench33("purpose", "my toes are freezing in the study", *_STUDY_TEMPERATURES_33),
    # A plural of one room's two thermometers, asked as a comparison.
    _bench33(
        "plural",
        "are the ensuite thermometers both reading the same?",
        *_ENSUITE_TEMPERATURES_33,
    ),
    # A symptom and a floor word: the humidity upstairs.
    _bench33(
        "floor",
        "the towels never dry upstairs, how humid is it up there?",
        *_FIRST_FLOOR_HUMIDITY_33,
    ),
    # A brightness a scene sets, through the living room's alias "Lounge".
    _bench33(
        "command",
        "set the lounge lights to 70 percent",
        "scene.living_room_70",
        "light.living_room_ceiling_light_1",
    ),
    # An everyday name for the cinema ("the screening room").
    _bench33(
        "alias",
        "is the light on in the screening room?",
        "light.cinema_ceiling_light_1",
    ),
]


def _demo34(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=34)


def _bench34(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=34)


# The demo's two sirens.
_SIRENS_34: Final = ("siren.siren", "siren.siren_with_all_features")
# Watering the orchard: its valve, or the script that opens it for ten minutes.
_ORCHARD_WATERING_34: Final = ("valve.orchard", "script.water_the_garden")
# The kitchen's lights: its light and its decorative lights switch.
_KITCHEN_LIGHTS_34: Final = ("light.kitchen_lights", "switch.decorative_lights")
# The office's cooling: its AC switch and its thermostat.
_OFFICE_COOLING_34: Final = ("switch.ac", "climate.ecobee")
# The demo's battery sensors (the outdoor thermometer's is low) and whether the
# outdoor thermometer's battery is charging.
_BATTERIES_34: Final = (
    "sensor.outside_temperature_battery",
    "sensor.carbon_dioxide_battery",
    "binary_sensor.outside_temperature_battery_charging",
)
# The demo's two water heaters.
_WATER_HEATERS_34: Final = (
    "water_heater.demo_water_heater",
    "water_heater.demo_water_heater_celsius",
)
# The demo's three cameras.
_CAMERAS_34: Final = (
    "camera.demo_camera",
    "camera.demo_camera_png",
    "camera.demo_camera_without_stream",
)
# The bathroom's two window contacts.
_BATHROOM_WINDOWS_34: Final = (
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
)
# The gym's two lights.
_GYM_LIGHTS_34: Final = ("light.gym_ceiling_light_1", "light.gym_lamp_1")
# The sauna's two thermometers.
_SAUNA_TEMPERATURES_34: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
)
# The playroom's two window contacts.
_PLAYROOM_WINDOWS_34: Final = (
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
)
# bench_house's basement thermometers: the gym's two, the sauna's two, the wine
# cellar's, and the guest toilet multisensor's second one, whose own area is
# the pantry.
_BASEMENT_TEMPERATURES_34: Final = (
    "sensor.gym_multisensor_1_temperature",
    "sensor.gym_multisensor_1_temperature_2",
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
    "sensor.wine_cellar_multisensor_1_temperature",
    "sensor.guest_toilet_multisensor_1_temperature_2",
)
# Every blind and shade of bench_house, the one in no room first.
_BLINDS_34: Final = (
    "cover.blind_1",
    "cover.boiler_room_blind_1",
    "cover.garden_blind_1",
    "cover.wine_cellar_shade_1",
    "cover.master_bedroom_shade_1",
)

# Round 34: written unseen (no matcher, word tables, tests or results read); ids
# from the houses' real entities (the running demo's states, areas and floors;
# bench_house's plan of 97 at seed 2026, its scripts and scenes).
DEMO_HELD_OUT_34: Final = [
    # A word spelt as it sounds ("sireen"), for the sirens.
    _demo34("typo", "stop the sireen, it's a false alarm", *_SIRENS_34),
    # Two letters transposed ("guset").
    _demo34("typo", "turn on guset mode", "input_boolean.guest_mode"),
    # Speech to text mishearing "orchard" as "orchid".
    _demo34("typo", "is the orchid being watered?", *_ORCHARD_WATERING_34),
    # Lithuanian: "įjunk ventiliatorių svetainėje": turn on the fan in the
    # living room.
    _demo34("language", "įjunk ventiliatorių svetainėje", "fan.living_room_fan"),
    # Estonian, a state question: "kas magamistoa tuli põleb?": is the bedroom
    # light on? ("tuli", fire, is the light; "põleb", burns, is on).
    _demo34("language", "kas magamistoa tuli põleb?", "light.bed_light"),
    # Norwegian, a floor word: "start støvsugeren i første etasje": start the
    # vacuum on the first floor, which in Norway is the ground floor.
    _demo34(
        "floor",
        "start støvsugeren i første etasje",
        "vacuum.demo_vacuum_0_ground_floor",
    ),
    # Catalan: "apuja la calefacció": turn the heating up.
    _demo34("language", "apuja la calefacció", "climate.heatpump"),
    # Swahili: "zima taa za jikoni": turn off the kitchen lights.
    _demo34("language", "zima taa za jikoni", *_KITCHEN_LIGHTS_34),
    # Bulgarian: "изключи климатика в спалнята": turn off the air conditioner in
    # the bedroom.
    _demo34("language", "изключи климатика в спалнята", "climate.hvac"),
    # Persian: "کولر دفتر را خاموش کن": turn off the office air conditioner.
    _demo34("language", "کولر دفتر را خاموش کن", *_OFFICE_COOLING_34),
    # A chore only the battery sensors answer (the outdoor thermometer's is low).
    _demo34(
        "purpose",
        "I'm popping to the shops, which sensors need new batteries?",
        *_BATTERIES_34,
    ),
    # A plural of a kind of entity asked for once before (by the doorbell).
    _demo34("plural", "show me all the cameras", *_CAMERAS_34),
    # South African English's name for a water heater ("the geyser").
    _demo34("alias", "switch the geyser on", *_WATER_HEATERS_34),
    # A symptom only one lock has (the demo's poorly installed door jams).
    _demo34("purpose", "which lock keeps jamming?", "lock.poorly_installed_door"),
    # Samsung's newer wake word ("Hi Galaxy"), asking when the next backup runs.
    _demo34(
        "voice",
        "Hi Galaxy, when's the next backup?",
        "sensor.backup_next_scheduled_automatic_backup",
    ),
]

BENCH_HELD_OUT_34: Final = [
    # A word spelt as it sounds ("wine seller").
    _bench34(
        "typo",
        "is the wine seller speaker playing?",
        "media_player.wine_cellar_speaker_1",
    ),
    # Two letters transposed ("hmuidity").
    _bench34(
        "typo",
        "what's the hmuidity in the office?",
        "sensor.office_multisensor_2_humidity",
    ),
    # Speech to text mishearing "dining room" as "dying room".
    _bench34(
        "typo",
        "how warm is it in the dying room?",
        "sensor.dining_room_multisensor_2_temperature",
    ),
    # Tamil, a state question: "குளியலறை ஜன்னல் திறந்திருக்கிறதா?": is the
    # bathroom window open?
    _bench34("language", "குளியலறை ஜன்னல் திறந்திருக்கிறதா?", *_BATHROOM_WINDOWS_34),
    # Malay: "tutup lampu taman": turn off the garden light ("tutup", close, is
    # how Malay turns a light off).
    _bench34("language", "tutup lampu taman", "light.garden_ceiling_light_1"),
    # Serbian in Cyrillic: "укључи вентилатор у биоскопу": turn on the fan in the
    # cinema.
    _bench34("language", "укључи вентилатор у биоскопу", "switch.cinema_fan_1"),
    # Croatian: "upali svjetlo u teretani": turn on the light in the gym.
    _bench34("language", "upali svjetlo u teretani", *_GYM_LIGHTS_34),
    # Ukrainian: "яка температура в сауні?": what's the temperature in the sauna?
    _bench34("language", "яка температура в сауні?", *_SAUNA_TEMPERATURES_34),
    # European Portuguese: "acende a luz da despensa": turn on the pantry light.
    _bench34("language", "acende a luz da despensa", "light.pantry_ceiling_light_1"),
    # French, a state question through the wine cellar's French alias: "il fait
    # combien dans la cave à vin ?": how warm is it in the wine cellar?
    _bench34(
        "language",
        "il fait combien dans la cave à vin ?",
        "sensor.wine_cellar_multisensor_1_temperature",
    ),
    # Naver's wake word (Clova), in Korean: "헤이 클로바, 놀이방 창문 열려 있어?":
    # Hey Clova, is the playroom window open?
    _bench34("voice", "헤이 클로바, 놀이방 창문 열려 있어?", *_PLAYROOM_WINDOWS_34),
    # A chore one of bench_house's scripts is for.
    _bench34("purpose", "I'm running myself a bath", "script.bath_time"),
    # A floor word with a state question: every thermometer in the basement.
    _bench34("floor", "is it cold down in the basement?", *_BASEMENT_TEMPERATURES_34),
    # A plural that takes in the blind in no room (no round asked for it).
    _bench34("plural", "close every blind in the house", *_BLINDS_34),
    # The thermostat in no room is the house's main one.
    _bench34("alias", "set the main thermostat to 20", "climate.thermostat_1"),
]


def _demo35(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("demo", kind, text, expected, also, held_out=35)


def _bench35(kind: str, text: str, expected: str, *also: str) -> Query:
    return Query("bench", kind, text, expected, also, held_out=35)


# The demo's two weather forecasts.
_WEATHER_35: Final = ("weather.demo_weather_north", "weather.demo_weather_south")
# The outdoor thermometer, or either forecast, which also gives the temperature.
_OUTSIDE_TEMPERATURE_35: Final = ("sensor.outside_temperature", *_WEATHER_35)
# The office's cooling: its AC switch and its thermostat.
_OFFICE_COOLING_35: Final = ("switch.ac", "climate.ecobee")
# The demo's four locks.
_LOCKS_35: Final = (
    "lock.front_door",
    "lock.kitchen_door",
    "lock.poorly_installed_door",
    "lock.openable_lock",
)
# The demo's first floor thermostats: the office's and the bedroom's.
_UPSTAIRS_CLIMATE_35: Final = ("climate.ecobee", "climate.hvac")
# The sauna's two thermometers.
_SAUNA_TEMPERATURES_35: Final = (
    "sensor.sauna_multisensor_1_temperature",
    "sensor.sauna_multisensor_1_temperature_2",
)
# The house's main thermostat (in no room), or the dressing room's, the only
# other one.
_HEATING_35: Final = ("climate.thermostat_1", "climate.dressing_room_thermostat_1")
# bench_house's windows: the open one (the dressing room's) first, then every
# other window contact and the landing's window cover.
_WINDOWS_35: Final = (
    "binary_sensor.dressing_room_detector_1_window",
    "binary_sensor.bathroom_detector_1_window",
    "binary_sensor.bathroom_detector_1_window_2",
    "binary_sensor.guest_toilet_detector_1_window",
    "binary_sensor.guest_toilet_detector_1_window_2",
    "binary_sensor.playroom_detector_1_window",
    "binary_sensor.playroom_detector_1_window_2",
    "cover.landing_window_1",
)
# bench_house's basement lights: the gym's two, the cinema's and the pantry's.
_BASEMENT_LIGHTS_35: Final = (
    "light.gym_ceiling_light_1",
    "light.gym_lamp_1",
    "light.cinema_ceiling_light_1",
    "light.pantry_ceiling_light_1",
)
# The dining room's four humidity sensors.
_DINING_HUMIDITY_35: Final = (
    "sensor.dining_room_multisensor_1_humidity",
    "sensor.dining_room_multisensor_1_humidity_2",
    "sensor.dining_room_multisensor_2_humidity",
    "sensor.dining_room_multisensor_2_humidity_2",
)

# Round 35: written unseen (no matcher, word tables, tests or results read), as
# Home Assistant's users ask: half in English, the rest in the languages most of
# them speak; ids from the houses' real entities (`script/demo_setup.py`, the
# ids earlier rounds checked, bench_house's plan of 97 at seed 2026, its scripts).
DEMO_HELD_OUT_35: Final = [
    # A word spelt as it sounds ("humidifyer").
    _demo35("typo", "is the humidifyer on?", "humidifier.humidifier"),
    # Two letters transposed ("wram"), a state question outdoors.
    _demo35("typo", "how wram is it outside?", *_OUTSIDE_TEMPERATURE_35),
    # Speech to text splitting a brand name ("eco bee" for Ecobee).
    _demo35("typo", "set the eco bee to 21", "climate.ecobee"),
    # Home Assistant's own wake word, dimming the lights by what they are for.
    _demo35(
        "voice",
        "Okay Nabu, turn the mood lights down",
        "light.living_room_rgbww_lights",
    ),
    # A state question about a fan's speed.
    _demo35("command", "what speed is the living room fan on?", "fan.living_room_fan"),
    # A symptom the dehumidifier is for.
    _demo35(
        "purpose",
        "there's condensation all over the windows again",
        "humidifier.dehumidifier",
    ),
    # A chore that needs the forecast.
    _demo35("purpose", "I'm hanging the washing out, is it going to rain?", *_WEATHER_35),
    # The office called the study, its cooling the aircon.
    _demo35("alias", "turn the aircon on in the study", *_OFFICE_COOLING_35),
    # A plural state question over every lock.
    _demo35("plural", "are all the locks locked?", *_LOCKS_35),
    # German: "Ist die Alarmanlage scharf?": is the alarm armed?
    _demo35("language", "Ist die Alarmanlage scharf?", "alarm_control_panel.security"),
    # French: "baisse un peu le chauffage, il fait trop chaud": turn the heating
    # down a little, it's too hot.
    _demo35(
        "language",
        "baisse un peu le chauffage, il fait trop chaud",
        "climate.heatpump",
    ),
    # Spanish: "¿está cerrada con llave la puerta de la cocina?": is the kitchen
    # door locked?
    _demo35(
        "language",
        "¿está cerrada con llave la puerta de la cocina?",
        "lock.kitchen_door",
    ),
    # Italian: "chiudi la serranda del garage": close the garage door
    # ("serranda", a roller door).
    _demo35("language", "chiudi la serranda del garage", "cover.garage_door"),
    # Dutch, a floor word: "hoe warm is het boven?": how warm is it upstairs?
    _demo35("floor", "hoe warm is het boven?", *_UPSTAIRS_CLIMATE_35),
    # Chinese: "把客厅的窗户关上": close the living room window.
    _demo35("language", "把客厅的窗户关上", "cover.living_room_window"),
]

BENCH_HELD_OUT_35: Final = [
    # A word spelt as it sounds ("pantree").
    _bench35("typo", "turn off the pantree light", "light.pantry_ceiling_light_1"),
    # Two letters transposed ("trun"), the most common typo of a command.
    _bench35("typo", "trun off the plug in the sauna", "switch.sauna_plug_1"),
    # Speech to text mishearing "sauna" as "sonar".
    _bench35("typo", "what's the temperature in the sonar?", *_SAUNA_TEMPERATURES_35),
    # An openWakeWord wake word ("Hey Jarvis") with a command to a shade.
    _bench35(
        "voice",
        "Hey Jarvis, lower the shade in the wine cellar",
        "cover.wine_cellar_shade_1",
    ),
    # A morning greeting, what one of bench_house's scripts is for.
    _bench35("purpose", "morning, I'm up", "script.wake_up"),
    # A state question naming no room: the main thermostat.
    _bench35("command", "is the heating on?", *_HEATING_35),
    # A plural state question with a reason (the dressing room's is open).
    _bench35("plural", "are any windows still open? it's about to pour", *_WINDOWS_35),
    # German, a floor word through the basement's German alias: "Mach im Keller
    # alle Lichter aus": turn off all the lights in the basement.
    _bench35("floor", "Mach im Keller alle Lichter aus", *_BASEMENT_LIGHTS_35),
    # French through the landing's French alias: "éteins la lumière du palier":
    # turn off the landing light.
    _bench35(
        "language",
        "éteins la lumière du palier",
        "light.landing_ceiling_light_1",
    ),
    # Dutch: "zet de thermostaat in de kleedkamer op 21 graden": set the
    # thermostat in the dressing room to 21 degrees.
    _bench35(
        "language",
        "zet de thermostaat in de kleedkamer op 21 graden",
        "climate.dressing_room_thermostat_1",
    ),
    # Spanish: "enciende los focos de la entrada": turn on the entrance spots
    # ("focos", spotlights).
    _bench35("language", "enciende los focos de la entrada", "light.entrance_spots_1"),
    # Swedish: "tänd LED-slingan på gästtoan": turn on the LED strip in the guest
    # toilet ("gästtoa", the guest loo).
    _bench35(
        "language",
        "tänd LED-slingan på gästtoan",
        "light.guest_toilet_led_strip_1",
    ),
    # Polish: "jaka jest wilgotność w jadalni?": what's the humidity in the dining
    # room?
    _bench35("language", "jaka jest wilgotność w jadalni?", *_DINING_HUMIDITY_35),
    # Japanese through the garden's Japanese alias: "庭の照明をつけて": turn on
    # the garden light.
    _bench35("language", "庭の照明をつけて", "light.garden_ceiling_light_1"),
    # Brazilian Portuguese: "acende o abajur do corredor": turn on the lamp in
    # the hall ("abajur", a table lamp).
    _bench35("language", "acende o abajur do corredor", "light.hall_lamp_1"),
]

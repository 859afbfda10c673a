"""How people ask for a thing: "device words + optional room words".

"light in the bedroom", "the chambre lamp", "ofice ceilng light": a query is
split into the words naming a room (an area's name or alias, matched as
`matching` matches names: accents, case, typos, any word order) and the
words naming the device, once the filler words ("in the", "de la", "の")
are dropped. A device word matches a word of the entity's names (its name,
aliases, device name), the words of its domain ("lamp", "lumière", "ライト"
for a light) or of its device class ("temperature", "motion"). Each word is
compared on its own, so a typo in every word costs what one typo costs.

Nothing here knows Home Assistant: `House.search` feeds it the areas and
entities and merges its answers with the name search's.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
import re
from typing import Final

from .matching import FUZZY_RATIO, Folded, fold, match_folded, matching_letters

FILLERS: Final = frozenset(
    {
        # English, French, German, Spanish, Italian, Dutch; Japanese particles below.
        *("a", "an", "the", "in", "on", "at", "of", "my", "our", "all", "every", "from"),
        *("de", "la", "le", "les", "l", "d", "du", "des", "dans", "un", "une", "au", "aux"),
        *("mon", "ma", "mes", "notre", "nos", "toutes", "tous", "tout", "toute"),
        *("im", "in", "der", "die", "das", "den", "dem", "des", "ein", "eine", "alle"),
        *("el", "los", "las", "en", "del", "al", "il", "lo", "gli", "nel", "nella", "het", "een"),
        *("della", "dello", "delle", "degli", "dei", "c", "e", "van", "op", "set", "make"),
        # Where it is: "the lamp next to the bed", "près de la fenêtre", "neben dem Bett".
        *("to", "next", "near", "by", "beside", "pres", "cote", "neben", "bei", "zum", "zur"),
        # What to do with it, said to an assistant: "turn off the sauna plug", "allume la lampe".
        *("turn", "off", "please", "allume", "allumer", "eteins", "eteindre", "schalte", "aus"),
        *("enciende", "apaga", "accendi", "spegni"),
        # Asking about it, or describing it by what it does: "how warm is it in the sauna",
        # "is anyone in the office", "the thing that waters the garden", "est-ce que …".
        *("how", "is", "are", "it", "there", "what", "whats", "which", "that", "thing"),
        *("did", "do", "does", "i", "we", "leave", "left", "much", "using", "something"),
        *("anything", "down", "est", "ce", "que", "qui", "il", "y", "truc", "chose", "ist"),
        # Every one, as "all" and "tout" are: "turn everything off in the kitchen" asks for what
        # is there (`SWITCHED_DOMAINS` first), in English, German, Spanish and Italian.
        *("everything", "alles", "todo", "tutto"),
        *("es", "wie", "was"),
        # Portuguese, Swedish and Polish little words: "luzes da sala", "lampan på kontoret",
        # "światło w sypialni".
        *("da", "do", "das", "dos", "na", "no", "o", "os", "as", "em", "pa", "och", "w", "we"),
        # Where it is, or what it does to something: "the light over the table", "dry out".
        *("over", "above", "under", "below", "behind", "out", "up"),
        # Asking if there is any ("¿hay alguien…?"); what is left of a possessive ("baby's").
        *("hay", "s"),
        # Where the speaker is, and what they want kept: "it's muggy in here", "keep the rain
        # off the patio", "il fait humide ici"; "with" ("cerrada con llave").
        *("here", "ici", "hier", "aqui", "qua", "keep", "con"),
        # How it is, said before what it is ("the grass is getting long", "dinner's ready",
        # "the grass is turning brown").
        *("get", "gets", "getting", "feel", "feels", "ready", "turning", "turned"),
        # Comparing what things do ("which room uses the most electricity?").
        *("use", "uses", "most", "least"),
        # What to do with it in Portuguese and German: "desliga o ventilador", "ausschalten".
        *("liga", "desliga", "ligue", "desligue", "acende", "acenda", "apague"),
        *("einschalten", "ausschalten", "anmachen", "ausmachen"),
        # Russian little words and what to do: "температура в кабинете", "включи свет".
        *("в", "во", "на", "все", "включи", "выключи", "включить", "выключить"),
        # What one needs or wants, and "this" ("do I need a jacket?", "skip this song").
        *("need", "needs", "should", "wear", "this", "these", "those"),
        # Chinese: the object's marker and what to do ("把客厅的插座关掉": switch off the socket).
        *("把", "关掉", "關掉", "关上", "關上", "打开", "打開", "开", "開", "关", "關"),
        # Whether it is so by now, and who wants it ("is the kitchen door still unlocked?", "has
        # the mower gone back?", "I want to read in bed", "ist die Tür noch offen?").
        *("still", "already", "yet", "noch", "schon", "encore", "deja", "todavia", "ya"),
        *("ancora", "gia", "ainda", "has", "its", "want", "wants", "wanna"),
        *("veux", "voudrais", "mochte", "quiero", "voglio", "quero"),
        # What is left of a contraction ("I'm", "we're", "I've", "we'll"), and what one is about
        # to do ("I'm about to lift weights", "gonna").
        *("m", "re", "ve", "ll", "about", "gonna"),
        # Korean's "there is" after a state ("창문 열려 있어?": is the window open?).
        *("있어", "있어요", "있니", "있나", "있나요", "있습니까"),
        # What a comparison is made with ("is the sauna hotter than the gym?", "wärmer als").
        *("than", "als", "än"),
        # Danish and Norwegian "is"; Turkish "turn off", "close" ("salondaki prizleri kapat").
        *("er", "kapat", "kapa", "kapatır", "kapatir"),
        # Portuguese and Spanish "is", "are" and "this" ("as luzes do porão estão acesas?"): not
        # a typo of a device's word ("estor", a blind).
        *("esta", "estao", "estan", "estas", "estamos", "este", "esto", "estos"),
        # German "make" ("Mach das Licht an": turn the light on), as English "make" is.
        *("mach", "mache", "machen"),
        # Ukrainian: turn on, turn off ("увімкни вентилятор у вітальні"), and "in".
        *("увімкни", "вимкни", "увімкнути", "вимкнути", "у"),
        # Greek little words: the article and "in the" ("στο λεβητοστάσιο").
        *("το", "τα", "η", "ο", "στο", "στη", "στην", "στα", "του", "της"),
        # The article as an object ("πότισε τον κήπο": water the garden).
        *("τον", "την", "τους", "τις"),
        # Hungarian: switch on or off ("kapcsold le a lámpát"), its article and verb prefixes.
        *("kapcsold", "kapcsolja", "kapcsoljad", "fel", "az"),
        # Tagalog and Taglish: turn off, turn on, you, that, in ("patayin mo yung ilaw sa garden").
        *("patayin", "patayan", "buksan", "isara", "mo", "yung", "ang", "sa", "ng", "paki"),
        # Romanian: turn on, turn off, in, of ("aprinde lumina în bucătărie").
        *("aprinde", "stinge", "opreste", "porneste", "din", "si"),
        # Hindi: of, in, to, turn off, turn on, do, is ("जिम की लाइट बंद करो": the gym's light off).
        *("की", "का", "के", "में", "को", "पर", "बंद", "चालू", "करो", "करें", "कर", "दो", "है"),
        "क्या",
        # Hebrew: the object's marker, of, turn on, turn off ("תסגור את התריס").
        *("את", "של", "תדליק", "הדלק", "תכבה", "כבה"),
        # Hebrew: start, run ("תפעיל את מכסחת הדשא": start the lawn mower).
        *("תפעיל", "הפעל", "תפעילי"),
        # Thai: turn off, turn on, in, of ("ปิดไฟในห้องนอน": turn off the bedroom's light).
        *("ปิด", "เปิด", "ใน", "ของ", "ที่"),
        # Thai: how much, how many ("ความชื้นข้างนอกเท่าไหร่": how humid is it outside?).
        *("เท่าไหร่", "เท่าไร", "เท่าไร่"),
        # Danish and Norwegian: to, of ("er døren til fyrrummet låst?").
        *("til", "af"),
        # When something last happened, asked of the past ("when was the garage door last
        # opened?"): the entity's history answers it, no name says it ("last" itself below).
        *("when", "ever", "lately", "recently", "quand", "wann", "zuletzt", "cuando"),
        *("quando", "wanneer", "laatst", "nar"),
        # What a thing is said to be like ("it smells like smoke").
        "like",
        # Dutch: turn off, turn on ("doe de lampen beneden uit", "zet de ventilator aan").
        *("doe", "zet", "uit", "aan", "uitdoen", "aandoen", "uitzetten", "aanzetten"),
        # Japanese in romaji (`ROMANISED`): turn off, turn on, please, and the particles of
        # place and object ("shinshitsu no denki keshite").
        *("keshite", "tsukete", "kudasai", "onegai", "wo", "ni"),
        # English "for", which names nothing ("we're off on holiday for two weeks"), not a typo
        # of Portuguese "fora" (outside).
        "for",
        # Vietnamese: is it (being), not (the question's end), how much ("máy hút ẩm có đang
        # chạy không?": is the dehumidifier running?, "bao nhiêu": how much), folded.
        *("đang", "khong", "bao", "nhieu", "chay"),
        # Czech "is" ("je zamčená kotelna?": is the boiler room locked?); Hebrew "open", said of
        # what is asked ("החלון פתוח?": is the window open?).
        *("je", "פתוח", "פתוחה", "פתוחים"),
        # Chinese: have (someone do), clean ("让扫地机器人打扫一楼": have the robot vacuum clean
        # the ground floor).
        *("让", "讓", "打扫", "打掃"),
        # Polish: turn on, turn off ("włącz podlewanie drzew": turn on the trees' watering).
        *(fold(word) for word in ("włącz", "wyłącz", "włączyć", "wyłączyć", "zgaś", "zapal")),
        # Hindi: the one that does it, a machine ("घास काटने वाली मशीन": the machine that cuts
        # grass): the device is told by what it acts on, a word of the tables.
        *("वाली", "वाला", "वाले", "मशीन"),
        # Hebrew "what" ("מה הלחות בחדר העבודה?"); Swedish "how", "it" ("hur varmt är det?").
        *("מה", "hur", "det"),
        # Japanese: set it, please ("防犯アラームをセットして": set the security alarm).
        *("セットして", "セット", "して", "ください"),
        # Watching, said of what is watched ("we're watching a film"): not a typo of "watering".
        *("watching", "watched"),
        # The night it is done, which names nothing ("we're watching a film in the cinema
        # tonight"): not a typo of "light". Not "today", which names sensors ("Energy today").
        "tonight",
        # Ukrainian's question particle ("чи замкнені вхідні двері?": is the front door
        # locked?), Polish "all" ("zamknij wszystkie okna": close all the windows), Arabic "in"
        # ("في المكتب": in the office) and turn off, turn on ("أطفئ المكيف").
        *("чи", "wszystkie", "wszystko", "في", "أطفئ", "اطفئ", "شغل", "أشعل"),
        # Asking when, what, which, how much, and whether, in the languages of round 33 and
        # their neighbours: Danish and Norwegian ("hvornår bliver det mørkt": when does it get
        # dark), Czech and Slovak ("jaká je": what is; "zhasni": turn off), Finnish ("onko":
        # is it), Indonesian ("berapa": how much), Greek ("ποια είναι": which is), Hindi
        # ("कितना": how much), Turkish ("kapat": turn off).
        *(fold(word) for word in ("hvornår", "når", "bliver", "blir", "jaká", "jaký", "aká")),
        *(fold(word) for word in ("aký", "zhasni", "rozsviť", "zapni", "vypni", "onko")),
        *(fold(word) for word in ("berapa", "ποια", "ποιο", "ποιος", "είναι", "πόσο")),
        *(fold(word) for word in ("कितना", "कितनी", "kapat", "kiedy", "kdy", "milloin")),
        *(fold(word) for word in ("kapan", "πότε", "mikor", "când", "коли", "когда")),
        # Vietnamese: turn on, turn off ("bật chế độ khách": turn on guest mode).
        *(fold(word) for word in ("bật", "tắt")),
        # Indonesian and Malay "in", Italian "of" ("berapa suhu di kamar tamu?").
        "di",
        # Turning on and off, and what is said with it, in round 34's languages: Swahili
        # ("zima taa za jikoni": turn off the lights of the kitchen), Malay and Indonesian
        # ("tutup lampu": turn off the lamp, "buka": turn on), Serbian and Croatian (in Latin
        # letters, folded: "uključi", "upali"), Persian ("را خاموش کن": turn it off) and
        # Ukrainian ("яка": which).
        *("zima", "washa", "za", "ya", "tutup", "buka", "nyalakan", "matikan", "padamkan"),
        *(fold(word) for word in ("uključi", "isključi", "upali", "ugasi", "u", "яка", "який")),
        *("را", "کن", "خاموش", "روشن", "در", "укључи", "искључи", "упали", "угаси"),
    }
)
"""Words that name neither a room nor a device (folded)."""
QUESTION_WORDS: Final = frozenset(
    {
        *("is", "are", "was", "were", "does", "do", "did", "how", "what", "whats", "which"),
        *("who", "where", "est", "ist", "sind", "wie", "welche", "quel", "quelle", "combien"),
    }
)
"""Words that, first in a query, ask how something is rather than name what to act on (folded)."""
STATELESS_DOMAINS: Final = frozenset({"scene", "script", "button", "input_button"})
"""Domains whose entities have no state a question asks about (running one is a command)."""
OCCASIONS: Final = frozenset(
    fold(word)
    for word in (
        *("time", "night", "evening", "mode", "hour", "soirée", "soir", "nuit", "heure"),
        *("abend", "nacht", "zeit", "modus", "noche", "tarde", "hora", "modo", "sera"),
        *("serata", "notte", "ora", "avond", "tijd", "kväll", "läge", "noite", "夜", "タイム"),
        # The evening after work ("Büro Feierabend", `WORKDAY_END`).
        *("feierabend", "fyraften", "fyrabend"),
    )
)
"""Words for the occasion a routine is named after ("Movie time", "Movie night", "Film mode"):
in a scene's or a script's name, any of them matches another at `SYNONYM_WEIGHT` ("alexa,
movie night": the scene called Movie time), the name's other words still to be said (folded)."""
ROUTINE_DOMAINS: Final = frozenset({"scene", "script"})
"""Domains of routines, named after an occasion (`OCCASIONS`)."""
OFFLINE: Final = frozenset(
    fold(word)
    for word in (
        *("offline", "unavailable", "unreachable", "disconnected", "unresponsive"),
        *("indisponible", "déconnecté", "getrennt", "desconectado", "desconectada"),
        *("scollegato", "scollegata", "onbereikbaar", "niedostępny", "frånkopplad"),
        *("オフライン", "离线", "離線", "오프라인"),
    )
)
"""Words saying an entity cannot be reached ("which sensor has gone offline?"): its state is
unavailable (folded)."""
AVAILABLE_PENALTY: Final = 0.1
"""What a query asking for what is offline (`OFFLINE`) takes off an entity that is available."""
QUESTION_PENALTY: Final = 0.1
SWITCH_PENALTY: Final = 0.1
"""What a request to turn on or off that names no kind (`asks_switching`: "turn everything off in
the kitchen") takes off the score of an entity it cannot act on (not `SWITCHED_DOMAINS`)."""
SWITCHED_DOMAINS: Final = frozenset(
    {
        *("light", "switch", "fan", "media_player", "climate", "humidifier", "water_heater"),
        *("input_boolean", "siren", "remote", "automation", "script", "scene", "valve"),
    }
)
"""The domains a request to turn on or off acts on (Home Assistant's turn_on and turn_off, and a
valve's water, "turn the sprinkler on"): not a window, a lock or a sensor."""
SWITCHING: Final = re.compile(
    r"(?<!\w)(?:"
    # English: turn, switch, power … on or off; French, German, Spanish, Italian, Dutch,
    # Portuguese and Turkish verbs of it (folded).
    r"(?:turn|switch|power|shut)(?:\s+\S+)*?\s+(?:on|off)"
    r"|eteins|eteindre|allume|allumer|ausschalten|einschalten|ausmachen|anmachen"
    r"|schalte(?:\s+\S+)*?\s+(?:aus|an|ein)|apaga|apagar|enciende|encender|prende|prender"
    r"|spegni|spegnere|accendi|accendere|uitzetten|aanzetten|uitdoen|aandoen"
    r"|desliga|desligar|liga|ligar|kapat|kapa"
    r")(?!\w)"
)
"""What asks to turn something on or off, in a folded query."""
"""What a question ("is the garage open?") takes off the score of a `STATELESS_DOMAINS`
entity: the scene called "Open the garage" is not what it asks about."""
_PARTICLES: Final = re.compile("[のを的]")
"""The particles between the words of a phrase written without spaces: Japanese ("寝室のライト",
"ガレージを閉めて") and Chinese ("客厅的灯": the living room's light)."""
KOREAN_PARTICLES: Final = ("에서", "의", "에")
"""Korean particles of place and possession, written on the word before them ("거실의 조명":
the living room's light, "침실에 선풍기"): read without them, as the words they follow."""
_HANGUL: Final = re.compile("^[\uac00-\ud7af]+$")
_HANGUL_ANY: Final = re.compile("[\uac00-\ud7af]")

COMPOUNDS: Final[dict[tuple[str, str], str]] = {
    # Two words naming one kind of device, read as one word on both sides (query and names).
    ("air", "conditioning"): "aircon",
    ("air", "conditioner"): "aircon",
    ("air", "con"): "aircon",
    ("aire", "acondicionado"): "aircon",
    ("heat", "pump"): "heatpump",
    ("pompe", "chaleur"): "heatpump",  # "pompe à chaleur", "à" being a filler
    ("light", "level"): "illuminance",
    # Whether the air is safe to breathe: its quality, what a CO, CO2, smoke or gas sensor
    # tells ("is the kitchen air safe?", "air quality", "qualité de l'air", "calidad del aire").
    ("air", "safe"): "iaq",
    ("air", "quality"): "iaq",
    ("qualite", "air"): "iaq",
    ("calidad", "aire"): "iaq",
    ("qualita", "aria"): "iaq",
    ("qualidade", "ar"): "iaq",
    ("niveau", "lumiere"): "illuminance",
    # Closed with a key, said of a door: locked ("è chiusa a chiave", "fermée à clé", "cerrada
    # con llave", "fechada à chave"; "a", "à", "con" being fillers), a lock's word.
    **dict.fromkeys(
        (
            *((closed, "chiave") for closed in ("chiusa", "chiuso", "chiuse", "chiusi", "chiudi")),
            *((closed, "cle") for closed in ("ferme", "fermee", "fermer")),
            *((closed, "llave") for closed in ("cerrada", "cerrado", "cierra", "cerrar")),
            *((closed, "chave") for closed in ("fechada", "fechado", "fecha", "fechar")),
        ),
        "locked",
    ),
}
"""Two folded words (the second singular) that name one thing, and the one word they become."""
_COMPOUND_FIRSTS: Final = frozenset(first for first, _ in COMPOUNDS)

COMPLAINTS: Final = ("too", "trop", "zu", "demasiado", "troppo", "te", "för", "za", "muito")
"""Words saying there is too much of something ("too dry", "trop froid", "zu warm")."""
REMEDIES: Final[dict[str, tuple[str, ...]]] = {
    # What a person means by "too <feeling>": the device that undoes it, by the word naming it
    # (a word of `DEVICE_CLASS_WORDS` or `DOMAIN_WORDS`). "The air is too dry": a humidifier,
    # not the dehumidifier "dry" names alone ("something to dry out the air").
    "humidify": ("dry", "sec", "sèche", "trocken", "seco", "seca", "secco", "droog", "torr"),
    "dehumidify": (
        *("humid", "damp", "muggy", "steamy", "humide", "feucht", "húmedo", "umido"),
        *("clammy", "dank", "moite", "klamm", "klam", "fuktig", "fuktigt"),
    ),
    "heat": ("cold", "chilly", "froid", "froide", "kalt", "frío", "freddo", "koud", "kallt"),
    "cool": ("hot", "warm", "chaud", "chaude", "heiß", "caliente", "caldo", "varmt"),
    "light": ("dark", "sombre", "dunkel", "oscuro", "buio", "donker", "mörkt", "ciemno"),
    # Air that needs moving: "it's stuffy in the home theater" (its fan).
    "fan": ("stuffy", "stale", "renfermé", "étouffant", "stickig", "afoso", "soffocante"),
    # Sound that needs turning down: "it's too loud in the lounge" (what plays there).
    "volume": ("loud", "noisy", "fort", "bruyant", "laut", "ruidoso", "rumoroso", "luid", "högt"),
}
"""The word for a remedy, and the feelings it undoes said after a `COMPLAINTS` word."""
REMEDY_MEASURES: Final[dict[str, str]] = {
    "humidify": "humidity",
    "dehumidify": "humidity",
    "heat": "temperature",
    "cool": "temperature",
    "light": "illuminance",
    "fan": "co2",
}
"""What a remedy's complaint is about, as a word of `DEVICE_CLASS_WORDS`: a place complained of
that holds nothing to remedy it is asked how it is there ("the wine is getting too warm": the
wine cellar's temperature, it has no cooling; `complaint_measures`)."""
_COMPLAINTS: Final = frozenset(fold(word) for word in COMPLAINTS)
_REMEDY_OF: Final = {
    fold(feeling): remedy for remedy, feelings in REMEDIES.items() for feeling in feelings
}

_DOCK: Final = (
    *("dock", "docked", "docking", "return", "returned", "returning", "ladestation"),
    *("basisstation", "zurück", "retour"),
    # Its base, its charger ("send the Roomba back to its base").
    *("base", "charger", "chargeur"),
)
"""Where a mower or a robot vacuum goes back to, and going back (`RETURN`): words of those
domains (their states `docked`, `returning`): "has the mower gone back to its dock?"."""

DOMAIN_WORDS: Final[dict[str, frozenset[str]]] = {
    domain: frozenset(fold(word) for word in words)
    for domain, words in {
        "light": (
            *("light", "lamp", "bulb", "lighting", "lumière", "lampe", "éclairage"),
            # Swahili, Serbian and Croatian (folded), and Persian: a light.
            *("taa", "svjetlo", "svetlo", "svjetla", "svetla", "rasvjeta", "چراغ"),
            *(
                "licht",
                "leuchte",
                "deckenlicht",
                "deckenleuchte",
                "plafonnier",
                "luz",
                "lámpara",
                "luce",
                "ライト",
                "照明",
                "電気",
                "灯",
                # Chinese (simplified, traditional) and Korean.
                *("燈", "电灯", "電燈", "灯光", "燈光", "불", "전등", "조명", "램프"),
                # A lamp on a desk or a table: "书房的台灯".
                *("台灯", "檯燈", "台燈", "스탠드"),
                # A lamp, in Hungarian, Polish and Swedish ("a lámpát": the lamp); a light in
                # Tagalog ("yung ilaw"), Greek and Ukrainian.
                *("lámpa", "ilaw", "φως", "φώτα", "λάμπα", "світло", "лампа"),
                # Turkish: a light, a lamp ("yatak odasının ışığını kapat": its inflected forms
                # by `CASE_ENDINGS`).
                *("ışık", "lamba"),
                # Romanian ("aprinde lumina": turn the light on), Hindi and Hebrew.
                *("lumina", "lumină", "luminile", "bec"),
                # Thai ("ปิดไฟ": turn the light off), a lamp and a bulb in Thai.
                *("ไฟ", "โคมไฟ", "หลอดไฟ"),
                *("लाइट", "लाइटें", "बत्ती", "बत्तियाँ", "बल्ब", "אור", "אורות", "מנורה", "תאורה"),
            ),
        ),
        "switch": (
            *("switch", "plug", "outlet", "socket", "prise", "interrupteur", "schalter"),
            *("steckdose", "enchufe", "presa", "stopcontact", "tomada", "uttag", "gniazdko"),
            *("スイッチ", "コンセント", "プラグ"),
            # A socket in Chinese ("把客厅的插座关掉").
            *("插座", "插頭", "插头"),
            # Turkish ("salondaki prizleri kapat": the living room's plugs), Russian and Danish.
            *("priz", "розетка", "розетку", "розетки", "stikkontakt"),
            # A switch in Chinese ("把婴儿房的开关关掉": switch the nursery's switch off), Hindi
            # and Hebrew.
            *("开关", "開關", "स्विच", "מתג"),
            # A plug, in Hindi ("सॉना का प्लग चालू करो": switch on the sauna's plug).
            "प्लग",
        ),
        "cover": (
            *("cover", "blind", "shutter", "curtain", "shade", "volet", "store", "rideau"),
            *("window", "fenêtre", "fenster", "ventana", "door", "porte", "tür", "tor", "窓"),
            *("gate", "portail", "awning", "rollladen", "jalousie", "vorhang", "persiana"),
            # A roller blind, in Spain's Spanish ("baja el estor": lower the blind), in Greek
            # ("το ρολό") and Ukrainian; a window in Greek and Hungarian.
            *("estor", "estores", "ρολό", "ρολά", "περσίδα", "παράθυρο", "ablak"),
            *("жалюзі", "ролета", "штора"),
            # A shutter, a window and a door in Hebrew ("את התריס": the shutter), a blind and a
            # window in Romanian and Hindi.
            *("תריס", "תריסים", "חלון", "דלת", "jaluzea", "jaluzele", "fereastra", "geam"),
            *("खिड़की", "पर्दा", "दरवाज़ा", "दरवाजा"),
            # A blind in Czech, as said and as an object ("stáhni žaluzii": pull the blind
            # down).
            *("žaluzie", "žaluzii", "žaluzií", "roleta", "roletu"),
            # What it keeps off: "keep the rain off the patio" (a roof, an awning), "keep the
            # sunlight off the wine" (a shade).
            *("rain", "pluie", "regen", "lluvia", "pioggia", "regn", "deszcz", "chuva", "雨"),
            *("sun", "sunlight", "soleil", "sonne", "sonnenlicht", "sol", "sole", "zon", "日差し"),
            *("カーテン", "ブラインド", "シャッター", "ドア"),
            # A door in Chinese and Korean ("车库门": the garage door).
            *("门", "門", "문"),
        ),
        "climate": (
            *("thermostat", "heating", "heater", "heat", "hvac", "climate", "chauffage"),
            # Air conditioning and heat pumps, however people say them ("aircon": `COMPOUNDS`).
            *("aircon", "ac", "heatpump", "climatisation", "clim", "climatiseur"),
            # What it does: "something to cool down the bedroom", "rafraîchir".
            *("cool", "cooling", "rafraîchir", "kühlen"),
            # A temperature asked for ("make it 22 degrees": `SET_POINT`), or its name.
            *("setpoint", "consigne", "sollwert"),
            *("heizung", "klimaanlage", "klima", "wärmepumpe", "calefacción"),
            # Catalan's heating and air conditioning ("apuja la calefacció": turn the heating
            # up), and Persian's air cooler ("کولر", the air conditioner).
            *("calefacció", "climatització", "aire condicionat", "کولر", "کولر گازی"),
            # Heating in Italian, Portuguese and Dutch ("abbassa il riscaldamento").
            *("riscaldamento", "aquecimento", "verwarming"),
            *("エアコン", "暖房", "冷房", "クーラー", "ヒーター"),
            *("空调", "空調", "暖气", "暖氣", "에어컨", "난방"),
            # Arabic: an air conditioner, air conditioning, a heater ("أطفئ المكيف": turn off
            # the air conditioner, its article read off: `ARABIC_ARTICLES`).
            *("مكيف", "مكيفات", "تكييف", "سخان", "تدفئة"),
        ),
        "lock": (
            *("lock", "serrure", "schloss", "cerradura", "鍵", "ロック"),
            *("锁", "鎖", "门锁", "門鎖", "자물쇠", "도어락"),
            # How it is: "did I leave the front door unlocked?"
            *("locked", "unlocked", "verrouillé", "déverrouillé", "abgeschlossen"),
            # Locked, in Portuguese ("a porta está trancada?"), and its lock.
            *("trancada", "trancado", "trancadas", "trancados", "destrancada", "destrancado"),
            *("fechadura", "trancar", "destrancar"),
            # Locked and unlocked, in Czech ("je zamčená kotelna?": is the boiler room locked?),
            # and its lock.
            *("zamčená", "zamčené", "zamčený", "zamčeno", "odemčená", "odemčené", "odemčeno"),
            *("zamkni", "odemkni", "zámek"),
            # Locked and unlocked in Ukrainian ("чи замкнені вхідні двері?": is the front door
            # locked?), as said of one door and of doors (двері is a plural), and its lock.
            *("замкнені", "замкнено", "замкнений", "замкнена", "відімкнені", "відімкнено"),
            *("замок", "замкни", "відімкни"),
            # Locked, as Korean asks it of a door ("문 잠겼어?": is the door locked?), and locking.
            *("잠겼어", "잠겼나", "잠겼니", "잠겼나요", "잠겨", "잠김", "잠금", "잠가", "잠가줘"),
        ),
        "media_player": (
            *("tv", "television", "télé", "speaker", "music", "player", "radio"),
            *("fernseher", "lautsprecher", "enceinte", "テレビ", "スピーカー"),
            *("altavoz", "altavoces", "altoparlante", "luidspreker", "högtalare", "głośnik"),
            *("televisor", "televisione", "televisie", "telewizor"),
            # What it plays: "skip this song in the lounge".
            *("song", "track", "chanson", "morceau", "canción"),
            *("canzone", "brano", "música", "musique", "musik", "musica"),
            # Music in Japanese, Chinese and Korean ("ワインセラーの音楽を止めて").
            *("音楽", "音乐", "音樂", "음악"),
            # Italian's everyday word for a speaker ("la cassa", "le casse").
            *("cassa", "casse"),
            # A speaker in Turkish, as said and as an object ("hoparlörü kapat": turn the speaker
            # off) and as a plural.
            *("hoparlör", "hoparlörü", "hoparlörler", "hoparlörleri"),
            # A speaker in Thai ("ปิดลำโพงในห้องนั่งเล่น": turn off the living room's speaker),
            # Ukrainian and Russian.
            *("ลำโพง", "колонка", "колонку", "динамік"),
            # What one turns up or down on it: "volume up in the wine cellar".
            *("volume", "lautstärke", "volumen", "volym", "głośność", "громкость", "音量"),
            *("볼륨", "음량"),
            *("音箱", "音响", "音響", "喇叭", "电视", "電視", "스피커", "티비", "텔레비전"),
        ),
        "fan": (
            *("fan", "ventilateur", "ventilator", "ventilador", "扇風機", "ファン", "換気扇"),
            *("ventola", "ventilatore", "fläkt", "wentylator", "wiatrak"),
            # Russian and Turkish ("выключи вентилятор в кинозале").
            *("вентилятор", "вентилятора", "vantilatör"),
            # Hindi and Hebrew.
            *("पंखा", "पंखे", "מאוורר"),
            *("风扇", "風扇", "电扇", "電扇", "선풍기", "환풍기"),
            *("cool", "cooling", "breeze", "rafraîchir", "kühlen"),
        ),
        "sensor": ("sensor", "capteur", "sonde", "fühler", "センサー"),
        "binary_sensor": ("sensor", "detector", "détecteur", "capteur", "melder", "センサー"),
        "vacuum": (
            *("vacuum", "robot", "aspirateur", "staubsauger", "掃除機", *_DOCK),
            # A robot vacuum called by a maker's name, as a household says any of them ("send the
            # Roomba back to its base").
            *("roomba", "roombas", "roborock", "deebot", "ecovacs", "neato", "eufy", "dreame"),
            # A sweeping robot, in Chinese ("让扫地机器人打扫一楼": have the robot vacuum clean the
            # ground floor), simplified and traditional.
            *("扫地机器人", "掃地機器人", "扫地机", "掃地機"),
            # Cleaning with it, said as a verb: British English's "hoover" (a maker's name become
            # the verb: "hoover the first floor"), and the verbs of French, German, Spanish,
            # Dutch, Swedish and Polish.
            *("hoover", "hoovers", "hoovered", "hoovering", "vacuuming", "vacuumed"),
            *("aspirer", "aspire", "staubsaugen", "saugen", "aspirar", "aspira", "stofzuigen"),
            *("dammsuga", "dammsug", "odkurz", "odkurzyć", "odkurzanie"),
        ),
        "valve": (
            *("valve", "vanne", "ventil", "sprinkler", "arroseur", "watering", "irrigation"),
            # What it does: "the thing that waters the garden", "arrose le jardin".
            *("water", "arrose", "arroser", "gießen", "giessen", "regar"),
            # Being watered, in Spanish and Portuguese ("¿se están regando los árboles?"),
            # Italian, French and German.
            *("regando", "riega", "rega", "irrigando", "annaffiare", "annaffiando"),
            *("arrosant", "gießt", "giesst", "watered"),
            # Watering, in Polish ("włącz podlewanie drzew": turn on the trees' watering).
            *("podlewanie", "podlej", "podlewać", "podlewa", "nawadnianie"),
            # To water, in Greek ("πότισε τον κήπο": water the garden).
            *("πότισε", "ποτίστε", "πότισμα", "ποτίζω", "ποτίζει"),
            *("arrosage", "bewässerung", "riego", "散水", "水やり", "スプリンクラー"),
            # A lawn sprinkler, in German ("Ist der Rasensprenger im Vorgarten an?").
            *("rasensprenger", "sprenger", "regner", "rasenregner"),
            # Sprinklers and watering in Chinese and Korean ("花园的洒水器开着吗").
            *("洒水器", "灑水器", "喷水器", "噴水器", "浇水", "澆水", "灌溉"),
            # To water, in Japanese ("芝生に水をまいて": water the lawn).
            *("水まき", "水撒き", "まいて", "撒いて", "まく", "撒く"),
            *("스프링클러", "살수기"),
        ),
        # A siren, however a household spells it ("stop the sireen": `word_score`'s typos).
        "siren": (
            *("siren", "sirène", "sirene", "sirena", "syrena", "sziréna", "сирена", "סירנה"),
            *("サイレン", "警笛", "警报器", "警報器", "사이렌"),
        ),
        "alarm_control_panel": (
            *("alarm", "alarme", "alarmanlage", "警報"),
            # An alarm in Japanese and Chinese, and what it is for, keeping burglars out
            # ("防犯アラームをセットして": set the security alarm).
            *("アラーム", "防犯", "セキュリティ", "警报", "报警器", "報警器", "防盗", "防盜"),
        ),
        "lawn_mower": (
            *("mower", "tondeuse", "mäher", "芝刈り機"),
            # A robotic mower, as a family calls it ("is the robot back in the garage?"); a robot
            # is a robot vacuum's too.
            *("robot", "mähroboter", "robotmaaier", "robotgräsklippare", "robotplæneklipper"),
            # What it cuts: "the grass is getting long" (the lawn is the garden's: `ROOM_WORDS`).
            *("grass", "herbe", "gras", "hierba", "erba", "gräs", "trawa", "grama", "relva"),
            *("芝", "草", "잔디"),
            # A lawn mower in Korean and Chinese ("잔디깎이 작동 중이야?"), and Japanese unspaced.
            *("잔디깎이", "잔디깎기", "제초기", "割草机", "割草機", "芝刈機"),
            # A lawn mower and the grass, in Hebrew ("מכסחת הדשא": the lawn mower).
            *("מכסחת", "מכסחה", "דשא"),
            # The grass, in Hindi ("घास काटने वाली मशीन": the machine that cuts the grass).
            "घास",
            *_DOCK,
        ),
        "water_heater": (
            *("boiler", "chauffe", "eau", "water", "heater", "setpoint"),
            # South African (and New Zealand) English's name for it ("switch the geyser on").
            *("geyser", "geysers"),
            # What it heats the water of: the shower, the bath ("the shower's gone cold":
            # `SYMPTOMS`), in English, French, German, Spanish, Italian, Dutch and Swedish.
            *("shower", "douche", "dusche", "ducha", "doccia", "dusch"),
            # A water heater in Thai ("ปิดเครื่องทำน้ำอุ่น": turn off the water heater), and the
            # warm and hot water it makes.
            *("เครื่องทำน้ำอุ่น", "เครื่องทำน้ำร้อน", "น้ำอุ่น", "น้ำร้อน"),
        ),
        # What it acts on: "something to dry out the air".
        "humidifier": (
            *("humidifier", "dehumidifier", "humidificateur", "air"),
            # A humidifier and a dehumidifier in Chinese (simplified, traditional), Japanese and
            # Korean ("加湿器开着吗？": is the humidifier on?).
            *("加湿器", "加濕器", "加湿機", "가습기"),
            *("除湿机", "除濕機", "除湿機", "除湿器", "제습기"),
        ),
        "camera": (
            *("camera", "caméra", "kamera", "カメラ"),
            # A doorbell, which has one ("the doorbell just went, who is it?"), and who is
            # there: what a camera shows (`WHO_IS_THERE`).
            *("doorbell", "sonnette", "türklingel", "klingel", "timbre", "campanello"),
            *("deurbel", "dörrklocka"),
        ),
        # A mode, as a routine is named by what it is for ("Hey Rhasspy, reading mode": the
        # script called Reading), in English, German, Spanish, Italian, Swedish and Polish.
        # The air's quality (`COMPOUNDS` makes "air quality", "qualité de l'air" one word, and
        # `AIR_QUALITY_SAID` other languages' words for it): the Air quality platform's
        # entities too, not only the sensors of its hazards (`DEVICE_CLASS_WORDS`).
        "air_quality": ("iaq", "luftqualität", "空气质量", "空気質"),
        # The weather and its forecast (Home Assistant's default is named "Forecast Home"), in
        # English, French, German, Italian, Swedish, Polish, Chinese and Japanese.
        "weather": ("weather", "forecast", "météo", "wetter", "meteo", "väder", "pogoda", "天气"),
        "scene": ("scene", "scène", "szene", "シーン", "mode", "modus", "modo", "läge", "tryb"),
        "script": ("script", "routine", "mode", "modus", "modo", "läge", "tryb"),
    }.items()
}
"""Words that name a kind of device, by domain (folded, singular)."""

COMMAND_WORDS: Final[dict[str, frozenset[str]]] = {
    domain: frozenset(fold(word) for word in words)
    for domain, words in {
        # What one asks of a device of this domain: "close the garage" asks for a cover (or a
        # valve, or a lock), so the word counts as the domain's, a little below its own words.
        "cover": (
            *("open", "close", "shut", "raise", "lower", "stop"),
            *("ouvre", "ouvrir", "ferme", "fermer", "monte", "baisse", "öffne", "öffnen"),
            *("schließe", "schließen", "abre", "cierra", "apri", "chiudi", "abbassa", "alza"),
            *("開けて", "開ける", "閉めて", "閉める"),
            # Greek and Catalan: close, open ("κλείσε το ρολό", "tanca la finestra").
            *("κλείσε", "άνοιξε", "tanca", "obre"),
            # German down and up ("Mach die Jalousie runter"), Hebrew close and open, Romanian.
            *("runter", "herunter", "hoch", "rauf", "herauf"),
            *("תסגור", "סגור", "תפתח", "פתח", "închide", "deschide"),
            # Czech: pull down, pull up, close, open ("stáhni žaluzii": lower the blind).
            *("stáhni", "stáhnout", "vytáhni", "vytáhnout", "zavři", "otevři"),
        ),
        # Turning it down or up: "abbassa il riscaldamento", "lower the heating".
        "climate": (
            *("lower", "raise", "abbassa", "alza", "baisse", "monte"),
            # Spanish and Portuguese up and down ("sube la temperatura": raise the set point).
            *("sube", "subir", "baja", "bajar", "sobe", "baixa", "baixar"),
            # Catalan up and down ("apuja la calefacció"; "baixa" is Portuguese's too).
            *("apuja", "abaixa", "puja"),
        ),
        "valve": (
            *("open", "close", "shut", "start", "stop", "ouvre", "ouvrir", "ferme", "fermer"),
            *("öffne", "öffnen", "schließe", "schließen", "abre", "cierra", "apri", "chiudi"),
            *("開けて", "開ける", "閉めて", "閉める"),
        ),
        "lock": (
            *("open", "close", "unlock", "verrouille", "verrouiller", "déverrouille"),
            *("déverrouiller", "ouvre", "ferme", "öffne", "abschließen", "aufschließen"),
            *("開けて", "閉めて", "施錠", "解錠"),
        ),
        "light": ("dim", "brighten", "tamise"),
        # Silencing it ("stop the siren, it's a false alarm").
        "siren": ("stop", "silence", "mute", "sound", "arrête", "stopp", "para", "ferma"),
        "media_player": (
            *("play", "pause", "stop", "joue", "spiele", "再生"),
            # Its volume: "make it louder in the kitchen", "mute the TV".
            *("louder", "quieter", "softer", "mute", "unmute", "lauter", "leiser"),
            # Which track: "skip this song", "passe au suivant", "salta".
            *("skip", "previous", "suivant", "précédent", "nächster", "siguiente"),
            *("salta", "avanti", "überspringen"),
        ),
        "vacuum": ("start", "stop", "pause", "clean", "nettoie", "démarre", "arrête"),
        "lawn_mower": ("start", "stop", "pause", "mow", "tonds", "démarre", "arrête"),
        # Leaving out what an automation does, once or for good ("skip turning the lights on at
        # sunset tonight": the automation called Lights on at sunset), and bringing it back.
        "automation": (
            *("skip", "disable", "enable", "deactivate", "cancel", "suspend", "resume"),
            *("désactive", "désactiver", "deaktivieren", "überspringen", "desactivar"),
            *("disattiva", "salta", "overslaan", "uitschakelen", "hoppa"),
        ),
    }.items()
}
"""Command words, by the domains whose devices they act on (folded)."""
COMMAND_WEIGHT: Final = 0.9
"""What a command word scores on a device it acts on (a word of the domain scores 0.95)."""

OPEN_STATES: Final = frozenset(
    fold(word)
    for word in (
        *("open", "opened", "closed", "shut", "ouvert", "ouverte", "fermé", "fermée"),
        *("offen", "auf", "zu", "geschlossen", "abierto", "abierta", "cerrado", "cerrada"),
        *("aperto", "aperta", "chiuso", "chiusa", "aberto", "aberta", "fechado", "fechada"),
        *("geopend", "gesloten", "öppen", "öppet", "stängd", "stängt", "otwarte", "otwarty"),
        *("otwarta", "zamknięte", "zamknięty", "zamknięta", "開いて", "閉まって"),
        *("开着", "關著", "关着", "開著", "열려", "닫혀"),
    )
)
"""Words asking whether a thing is open or closed: in a question, an opening sensor's state
("did the kids leave the playroom window open?": its window's contact), scored as a command
word is on what it acts on."""
OPENING_CLASSES: Final = frozenset({"door", "window", "opening", "garage_door"})
"""The binary sensors' device classes whose state is open or closed."""

OPPOSITES: Final[tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]] = (
    # Words that tell two of a kind apart: the front door is not the back door.
    (
        # German's too as the first part of a compound ("Vorgarten": the front garden).
        (
            *("front", "avant", "vorne", "delantera", "delantero", "anteriore", "frente"),
            *("vor", "vorder", "vordere"),
        ),
        (
            *("back", "rear", "arrière", "hinten", "trasera", "trasero", "posteriore", "fundos"),
            *("hinter", "hintere"),
        ),
    ),
    (
        ("left", "gauche", "links", "izquierda", "izquierdo", "sinistra", "sinistro"),
        ("right", "droite", "rechts", "derecha", "derecho", "destra", "destro"),
    ),
    (("upper", "top"), ("lower", "bottom")),
    (("north", "nord"), ("south", "sud", "süd")),
    (("east", "ost"), ("west", "ouest")),
)
"""Pairs of word groups naming opposite sides: a name holding one side's word is not what a
query saying the other side's means (`opposites`); a word of a side matches a name holding
another word of that side, as a synonym ("vor": the valve called Front Garden)."""
OPPOSITE_PENALTY: Final = 0.1
"""What a name saying the other side takes off an entity's score ("the back door": not the
lock called Front Door)."""

_ROOM_GROUPS: Final[tuple[tuple[str, ...], ...]] = (
    # Rooms as people name them in English, French, German, Spanish, Italian, Dutch,
    # Portuguese, Swedish, Polish (a few of its cases: "w sypialni"), Russian (as said alone
    # and after в or на: "спальня", "в спальне"), Japanese, Chinese (simplified and
    # traditional) and Korean; and the furniture that names a room ("the light over the dining table"). A room called by one of
    # these is also called by the others of its group.
    (
        *("living room", "lounge", "salon", "séjour", "wohnzimmer", "sala de estar"),
        *("soggiorno", "woonkamer", "vardagsrum", "salonie", "リビング", "居間"),
        *("客厅", "客廳", "起居室", "거실"),
        *("sofa", "couch", "canapé"),
        # What Portuguese, Spanish and Italian call it at home ("o ventilador da sala"), and
        # Russian (as written after "в": "в гостиной").
        *("sala", "гостиная", "гостиной", "зал", "зале"),
        # Danish and Norwegian ("stuen": the living room), and Turkish.
        *("stue", "dagligstue", "oturma odası"),
        # Italian's everyday word for it ("spegni il ventilatore in salotto").
        "salotto",
        # Finnish ("olohuoneen": the living room's), Czech and Indonesian.
        *("olohuone", "obývák", "obývací pokoj", "ruang tamu", "ruang keluarga"),
        # Ukrainian (as said alone and after "у": "у вітальні"), Greek, Hungarian and Tagalog.
        *("вітальня", "вітальні", "σαλόνι", "καθιστικό", "nappali", "nappaliban"),
        # Romanian, Hindi and Hebrew.
        *("sufragerie", "sufrageria", "camera de zi", "लिविंग रूम", "बैठक", "बैठक कक्ष", "סלון"),
        # Thai and Vietnamese ("cửa sổ phòng khách": the living room window).
        *("ห้องนั่งเล่น", "phòng khách"),
        # The names Home Assistant's onboarding gives its first rooms in its other languages
        # (`onboarding/translations`): Bulgarian, Catalan, Estonian, Irish, Japanese,
        # Lithuanian, Slovak, Slovenian and Serbian (not Luxembourgish "Stuff" nor Romanian
        # "Living", English words: "living" would make a Living Room speaker the lounge's).
        *("хол", "sala d'estar", "elutuba", "seomra maireachtála", "リビングルーム"),
        *("svetainė", "obývačka", "dnevna soba"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("sebule", "ruang tamu", "ruang keluarga", "اتاق نشیمن", "پذیرایی"),
    ),
    (
        *("kitchen", "cuisine", "küche", "cocina", "cucina", "keuken", "cozinha", "kök"),
        *("kuchnia", "kuchni", "キッチン", "台所", "厨房", "廚房", "주방", "부엌"),
        *("кухня", "кухне", "кухни"),
        # Danish, Norwegian and Turkish.
        *("køkken", "kjøkken", "mutfak"),
        # Finnish ("keittiön": the kitchen's), Czech and Indonesian.
        *("keittiö", "kuchyně", "kuchyň", "dapur"),
        # Ukrainian, Greek, Hungarian and Tagalog.
        *("кухні", "κουζίνα", "konyha", "kusina"),
        # Romanian ("în bucătărie": in the kitchen), Hindi and Hebrew.
        *("bucătărie", "bucătăria", "रसोई", "रसोईघर", "किचन", "מטבח"),
        # Thai and Vietnamese.
        *("ห้องครัว", "ครัว", "nhà bếp", "phòng bếp"),
        # Home Assistant's onboarding's names (as the living room's above).
        *("cuina", "köök", "cistin", "kichen", "virtuvė", "kuchyňa", "kuhinja"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("jiko", "آشپزخانه", "آشپزخونه"),
    ),
    (
        *("dining room", "salle à manger", "esszimmer", "comedor", "sala da pranzo"),
        *("eetkamer", "sala de jantar", "matsal", "jadalnia", "jadalni", "ダイニング", "食堂"),
        *("餐厅", "餐廳", "饭厅", "飯廳", "식당", "다이닝룸", "столовая", "столовой"),
        *("dining table", "table à manger", "esstisch", "mesa de comedor", "eettafel"),
        # The evening meal, eaten there: "dinner's ready, light up the table".
        *("dinner", "supper", "dîner", "abendessen", "cena", "jantar", "avondeten"),
        *("kolacja", "夕食", "晩ご飯", "晚饭", "晚餐", "晚飯"),
        # Finnish, Czech and Indonesian ("matikan lampu ruang makan").
        *("ruokailuhuone", "jídelna", "ruang makan"),
        # Slovak, Turkish, Greek, Hungarian, Romanian, Danish, Ukrainian, Hindi (an English
        # loan, and its own), Arabic, Hebrew and Vietnamese.
        *("jedáleň", "yemek odası", "τραπεζαρία", "ebédlő", "spisestue"),
        *("їдальня", "डाइनिंग रूम", "डायनिंग रूम", "भोजन कक्ष", "غرفة الطعام", "פינת אוכל"),
        *("phòng ăn",),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("chumba cha kulia", "ruang makan", "trpezarija", "blagovaonica", "اتاق غذاخوری"),
        *("ناهارخوری",),
    ),
    (
        *("bedroom", "chambre", "schlafzimmer", "dormitorio", "camera da letto"),
        *("slaapkamer", "quarto", "sovrum", "sypialnia", "sypialni", "寝室", "ベッドルーム"),
        *("卧室", "臥室", "睡房", "침실", "спальня", "спальне", "спальни"),
        # What is done there: "it's too hot to sleep".
        # Danish, Norwegian and Turkish.
        *("soveværelse", "soverom", "yatak odası"),
        # Finnish, Czech and Indonesian.
        *("makuuhuone", "ložnice", "kamar tidur"),
        # Mexican Spanish ("la recámara"), Greek, Hungarian and Tagalog.
        *("recámara", "υπνοδωμάτιο", "hálószoba", "kwarto"),
        # Romanian, Hindi and Hebrew.
        *("dormitor", "dormitorul", "शयनकक्ष", "बेडरूम", "חדר שינה"),
        # Thai ("ในห้องนอน": in the bedroom) and Vietnamese.
        *("ห้องนอน", "phòng ngủ"),
        # Home Assistant's onboarding's names (as the living room's above).
        *("спалня", "dormitori", "magamistuba", "seomra leapa", "schlofkummer", "miegamasis"),
        *("spálňa", "spalnica", "spavaća soba"),
        *("sleep", "sleeping", "dormir", "schlafen", "dormire", "slapen", "寝る", "眠る"),
        *("睡觉", "睡覺", "잠", "자다"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("chumba cha kulala", "bilik tidur", "spavaonica", "اتاق خواب"),
    ),
    (
        *("bathroom", "salle de bain", "salle de bains", "badezimmer", "baño", "bagno"),
        *("badkamer", "banheiro", "casa de banho", "badrum", "łazienka", "łazience"),
        *("浴室", "バスルーム", "卫生间", "衛生間", "욕실", "ванная", "ванной"),
        # Danish ("badeværelset": the bathroom), Norwegian and Turkish.
        *("badeværelse", "baderom", "banyo"),
        # Finnish, Czech and Indonesian.
        *("kylpyhuone", "koupelna", "kamar mandi"),
        # Ukrainian, Greek and Hungarian (Tagalog's banyo is Turkish's).
        *("ванна", "ванній", "μπάνιο", "fürdőszoba"),
        # Romanian, Hindi and Hebrew.
        *("baie", "baia", "बाथरूम", "स्नानघर", "חדר רחצה", "חדר אמבטיה"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("bafu", "bilik mandi", "bilik air", "kupatilo", "kupaonica", "حمام"),
    ),
    (
        # The bathroom of the main bedroom, opening off it: British English's ensuite,
        # American English's master bath ("turn on the master bath lamp").
        *("ensuite", "en suite", "en-suite", "ensuite bathroom", "en suite bathroom"),
        *("master bath", "master bathroom", "primary bath", "primary bathroom"),
        *("salle de bain parentale", "elternbad", "baño en suite", "bagno padronale"),
    ),
    (
        # A small bathroom with a shower and no bath: a shower room, as English, French
        # ("salle d'eau"), German, Dutch, Swedish ("i duschrummet": in the shower room), Danish,
        # Spanish, Italian and Portuguese say it.
        *("shower room", "salle d'eau", "salle de douche", "duschraum", "duschbad"),
        *("doucheruimte", "douchekamer", "duschrum", "bruserum", "cuarto de ducha"),
        *("bagno di servizio", "sala de duche"),
    ),
    (
        *("toilet", "wc", "toilettes", "トイレ", "厕所", "廁所", "洗手间", "洗手間", "화장실"),
        # What people call it at home: "the downstairs loo light".
        *("loo", "lavatory", "restroom", "powder room", "water closet", "half bath", "klo"),
        *("toilette", "aseo", "gabinetto", "toalett", "toaleta", "お手洗い", "化粧室"),
        *("туалет", "туалете"),
        # The toilet kept for guests, downstairs: as the British call it ("the cloakroom
        # light"), and German's everyday compounds ("im Gästeklo").
        *("guest toilet", "guest wc", "guest loo", "cloakroom", "gästeklo", "gästetoilette"),
        *("gäste-wc", "gäste wc"),
    ),
    (
        *("entrance", "entryway", "entrée", "eingang", "entrada", "ingresso", "玄関"),
        *("エントランス", "玄关", "玄關", "현관", "прихожая", "прихожей"),
        # The covered place before the front door: "the porch light".
        *("porch", "front porch", "porche", "vordach", "portico", "alpendre", "ポーチ"),
        # The room inside the front door, as English, French and German say it ("the foyer
        # light"), and Spanish, Italian and Portuguese.
        *("foyer", "vestibule", "vestíbulo", "vestibolo"),
    ),
    (
        *("hallway", "hall", "couloir", "flur", "diele", "pasillo", "corridoio", "gang"),
        *("corredor", "korytarz", "korytarzu", "przedpokój", "przedpokoju", "廊下"),
        *("走廊", "过道", "過道", "복도", "коридор", "коридоре"),
        # The same room in the languages the rounds of other tongues use, as said alone (a case
        # ending read off by `_stems`: Slovak "na chodbe", Finnish "käytävällä"): Czech and
        # Slovak, Finnish, Turkish, Indonesian, Greek, Hungarian, Romanian, Danish and
        # Norwegian, Ukrainian, Hindi, Arabic, Hebrew, Vietnamese and Thai.
        *("chodba", "käytävä", "eteinen", "koridor", "lorong", "διάδρομος", "folyosó"),
        *("előszoba", "hol", "holul", "coridor", "gangen", "entré", "коридорі", "गलियारा"),
        *("ممر", "الممر", "رواق", "מסדרון", "hành lang", "ทางเดิน"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("ukumbi", "hodnik", "راهرو"),
    ),
    (
        *("garage", "carport", "garagem", "garaż", "garażu", "ガレージ", "車庫", "车库", "차고"),
        *("гараж", "гараже"),
        # Romanian, Hindi and Hebrew.
        *("garaj", "garajul", "गैरेज", "गैराज", "מוסך"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("gereji", "karakana", "garaža", "گاراژ", "پارکینگ"),
    ),
    (
        *("office", "bureau", "büro", "oficina", "ufficio", "kantoor", "escritório", "kontor"),
        *("biuro", "biurze", "オフィス", "書斎", "办公室", "辦公室", "书房", "書房", "서재"),
        *("사무실", "офис", "офисе", "кабинет", "кабинете"),
        # A study is the home office in a house that has no room called so ("the study
        # light"): a room's own name (1.0) comes before a group's word (`SYNONYM_WEIGHT`).
        "study",
        # Spain's Spanish ("la temperatura del despacho"), Romanian, Hindi and Hebrew.
        *("despacho", "birou", "biroul", "ऑफिस", "दफ़्तर", "दफ्तर", "משרד"),
        # Arabic ("في المكتب": in the office, its article read off: `ARABIC_ARTICLES`).
        "مكتب",
        # Czech and Slovak, Finnish, Turkish, Indonesian, Greek (an office, a study too: a room
        # called Study is called by it as by "office"), Hungarian, Vietnamese, Ukrainian and
        # Thai.
        *("kancelář", "kancelária", "toimisto", "ofis", "kantor", "γραφείο"),
        *("iroda", "văn phòng", "офіс", "ห้องทำงาน"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("ofisi", "pejabat", "ured", "kancelarija", "دفتر", "دفتر کار"),
    ),
    # A study, often the home office: its words in both groups (a room called by either
    # group's words is called by these).
    (
        *("study", "arbeitszimmer", "studierzimmer", "estudio", "studeerkamer", "werkkamer"),
        *("arbetsrum", "gabinet", "書斎", "书房", "書房", "서재", "공부방"),
        # Hebrew: a work room ("בחדר העבודה": in the study, its prefixes read off: `PREFIXES`,
        # its article by `_with_hebrew_articles`).
        "חדר עבודה",
        # Russian: an office or a study ("температура в кабинете").
        *("кабинет", "кабинете"),
        # A den, in American English: said as a room after "the" or "my" (`ROOMS_AFTER_PLACE`;
        # alone, "den" is a German article).
        *("den", "arbejdsværelse", "çalışma odası"),
        # Finnish, Czech ("v pracovně": in the study, its locative one letter from it) and
        # Indonesian.
        *("työhuone", "pracovna", "ruang kerja"),
        # Hungarian ("a dolgozószobában": in the study, `CASE_ENDINGS`), Ukrainian and Greek.
        *("dolgozószoba", "kabinet", "кабінет", "кабінеті"),
        # Spain's Spanish: a study at home, as an office is.
        "despacho",
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("radna soba", "bilik kerja", "اتاق کار"),
    ),
    (
        *("boiler room", "heizraum", "heizungsraum", "chaufferie", "sala de calderas"),
        *("locale caldaia", "ketelruimte", "pannrum", "kotłownia", "kotłowni", "ボイラー室"),
        *("锅炉房", "鍋爐房", "보일러실"),
        # As Spain's Spanish and Portuguese say it ("el estor del cuarto de calderas").
        *("cuarto de calderas", "cuarto de la caldera", "sala de caldeiras"),
        # Greek ("στο λεβητοστάσιο"), Hungarian and Ukrainian.
        *("λεβητοστάσιο", "kazánház", "kazánhelyiség", "котельня", "котельні"),
        # German's cellar of the heating ("im Heizungskeller"), European Portuguese ("a casa
        # das caldeiras").
        *("heizungskeller", "heizkeller", "casa das caldeiras", "casa da caldeira"),
        # Danish and Norwegian ("til fyrrummet": to the boiler room, `DEFINITE_ENDINGS`).
        *("fyrrum", "fyrrom", "kedelrum"),
        # Czech, as said, in it and as an object ("je zamčená kotelna?").
        *("kotelna", "kotelně", "kotelnu"),
    ),
    (
        *("garden", "yard", "jardin", "garten", "jardín", "giardino", "tuin", "jardim"),
        *("trädgård", "ogród", "ogrodzie", "庭", "ガーデン", "花园", "花園", "院子", "정원"),
        "마당",
        # Outside, said of the house: the garden's (or yard's) devices are the ones outside.
        *("outside", "outdoor", "extérieur", "dehors", "draußen", "屋外"),
        *("fuori", "all'aperto", "afuera", "fuera", "buiten", "utomhus", "ute", "zewnątrz"),
        *("na zewnątrz", "lá fora", "im freien"),
        *("外", "外側", "外面", "室外", "户外", "戶外", "야외", "밖", "바깥"),
        # The paved place by the house, outdoors: "keep the rain off the patio".
        *("patio", "terrace", "terrasse", "terraza", "terrazza", "terras", "altan", "taras"),
        *("テラス", "露台", "테라스"),
        # Its lawn: "water the lawn".
        *("lawn", "pelouse", "gazon", "rasen", "césped", "prato", "gräsmatta", "trawnik"),
        *("芝生", "草坪", "잔디밭"),
        # Its backyard, and its back and front yards in Chinese, Japanese and Korean ("后院有人吗").
        *("backyard", "后院", "後院", "裏庭", "뒷마당", "뒤뜰", "앞마당"),
        *("сад", "саду", "двор", "дворе", "улица", "улице"),
        # Greek, Hungarian and Tagalog.
        *("κήπος", "κήπο", "kert", "hardin", "bakuran"),
        # Romanian, Hindi and Hebrew.
        *("grădină", "grădina", "बगीचा", "बगीचे", "बाग", "גינה", "חצר"),
        # Czech, as said alone, in it and as an object ("na zahradě": in the garden).
        *("zahrada", "zahradě", "zahradu", "venku"),
        # Thai: a garden, outside ("ความชื้นข้างนอก": the humidity outside).
        *("สวน", "ข้างนอก", "นอกบ้าน"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("bustani", "taman", "laman", "vrt", "bašta", "باغ", "حیاط"),
    ),
    (
        *("nursery", "kids room", "baby's room", "baby room", "chambre d'enfant"),
        *("chambre de bébé", "kinderzimmer", "babyzimmer", "cameretta", "子供部屋"),
        *("儿童房", "兒童房", "婴儿房", "嬰兒房", "아이방", "아기방", "детская", "детской"),
        # Hebrew.
        *("חדר ילדים", "חדר תינוק"),
    ),
    (
        *("master bedroom", "main bedroom", "parents room", "chambre parentale"),
        *("chambre principale", "elternschlafzimmer", "hauptschlafzimmer"),
        *("dormitorio principal", "camera matrimoniale", "camera padronale"),
        *("ouderslaapkamer", "hoofdslaapkamer", "quarto de casal", "huvudsovrum"),
        *("sypialnia główna", "主寝室", "主卧", "主臥", "主卧室", "主臥室", "안방"),
        # Mexican Spanish ("la recámara principal") and the main room of other Spanish.
        *("recámara principal", "habitación principal", "cuarto principal"),
    ),
    (
        *("guest room", "chambre d'amis", "gästezimmer", "客間", "客房", "손님방", "게스트룸"),
        # The bedroom kept for guests, as the British say it ("how warm is the spare room?").
        *("spare room", "spare bedroom", "guest bedroom", "гостевая", "гостевой"),
        # As Spanish, Portuguese, Italian, Dutch, Swedish and Polish say it ("el cuarto de
        # invitados").
        *("cuarto de invitados", "habitación de invitados", "dormitorio de invitados"),
        *("quarto de hóspedes", "quarto de visitas", "camera degli ospiti", "stanza degli ospiti"),
        *("logeerkamer", "gästrum", "pokój gościnny"),
        # Czech, Slovak, Finnish, Turkish, Indonesian, Greek, Hungarian, Romanian, Danish,
        # Norwegian, Ukrainian, Hindi (an English loan, and its own), Arabic, Hebrew and
        # Vietnamese.
        *("pokoj pro hosty", "pokoj pro hosta", "hosťovská izba", "vierashuone"),
        *("misafir odası", "kamar tamu", "δωμάτιο επισκεπτών", "ξενώνας", "vendégszoba"),
        *("camera de oaspeți", "gæsteværelse", "gjesterom", "гостьова кімната", "गेस्ट रूम"),
        *("अतिथि कक्ष", "غرفة الضيوف", "חדר אורחים", "phòng ngủ cho khách"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("chumba cha wageni", "bilik tetamu", "soba za goste", "gostinjska soba", "اتاق مهمان"),
    ),
    (
        *("sauna", "bastu", "badstue", "sauna finlandese", "サウナ", "桑拿房", "桑拿", "사우나"),
        # Vietnamese: the steam room ("nhiệt độ phòng xông hơi": the sauna's temperature).
        *("phòng xông hơi", "xông hơi"),
        # Hindi ("सॉना का प्लग": the sauna's plug), spelt two ways, and Hebrew.
        *("सॉना", "सौना", "סאונה"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        "سونا",
    ),
    (
        *("landing", "stairs", "staircase", "stairwell", "palier", "escalier", "escaliers"),
        *("cage d'escalier", "treppenhaus", "treppe", "escalera", "escaleras"),
        *("trappenhuis", "overloop", "trappa", "trapphus", "schody", "klatka schodowa"),
        *("pianerottolo", "階段", "楼梯", "樓梯", "계단"),
        # The landing itself, in Japanese, Chinese and Korean ("踊り場の電気").
        *("踊り場", "楼梯平台", "樓梯平台", "층계참"),
        # Spanish and Portuguese ("la luz del rellano": the landing's light).
        *("rellano", "descansillo", "patamar"),
        # The hallway at the top of the stairs: "the upstairs hallway light".
        *("upstairs hallway", "upstairs hall", "upstairs corridor", "top of the stairs"),
        # The stairs and their landing in Czech and Slovak, Finnish, Turkish, Indonesian,
        # Greek, Hungarian, Romanian, Danish and Norwegian, Ukrainian, Hindi, Arabic ("بسطة
        # الدرج": the landing of the stairs), Hebrew and Vietnamese.
        *("schodiště", "schodisko", "podesta", "porras", "portaikko", "tasanne", "merdiven"),
        *("sahanlık", "tangga", "σκάλα", "σκάλες", "πλατύσκαλο", "lépcső", "lépcsőház"),
        *("scară", "scara", "trappe", "trappen", "трапа", "сходи", "सीढ़ी", "सीढ़ियाँ"),
        *("بسطة الدرج", "بسطة", "درج", "سلم", "מדרגות", "חדר מדרגות", "cầu thang"),
    ),
    (
        *("dressing room", "dressing", "vestidor", "ankleide"),
        *("ankleidezimmer", "garderobe", "cabina armadio", "klädkammare", "garderoba"),
        *("衣帽间", "衣帽間", "드레스룸"),
        # A changing room, in Chinese and Japanese (更衣室) and Korean.
        *("更衣室", "탈의실"),
        # A walk-in wardrobe (or closet) is one ("make it warmer in the walk-in wardrobe").
        *("walk-in wardrobe", "walk-in closet", "walk in wardrobe", "walk in closet"),
        # Finnish ("pukuhuoneen": the dressing room's, its case read off by `_stems`), Czech
        # and Slovak, Turkish, Indonesian, Greek, Hungarian, Romanian, Danish, Ukrainian,
        # Hindi, Arabic and Hebrew.
        *("pukuhuone", "vaatehuone", "šatna", "šatník", "giyinme odası", "ruang ganti"),
        *("γκαρνταρόμπα", "gardrób", "dressingul", "påklædningsværelse", "гардеробна"),
        *("ड्रेसिंग रूम", "غرفة الملابس", "חדר הלבשה", "חדר ארונות"),
    ),
    (
        *("cinema", "home cinema", "home theater", "home theatre", "cinéma", "heimkino"),
        *("kino", "cine", "thuisbioscoop", "hemmabio", "kino domowe", "シアタールーム"),
        # The room people watch films in, however they call it.
        *("movie room", "media room", "screening room", "salle de cinéma", "kinoraum"),
        *("sala de cine", "影音室", "家庭影院", "홈시어터"),
        # A cinema, in Chinese ("关掉影院的风扇": the cinema's fan), simplified and traditional.
        *("影院", "電影院", "电影院"),
        # Russian (as said alone and after "в": "в кинозале"), Danish and Turkish.
        *("кинозал", "кинозале", "кинотеатр", "кинотеатре", "hjemmebiograf", "sinema odası"),
        # Hebrew: a cinema room ("בחדר הקולנוע": in the cinema room, made definite by
        # `_with_hebrew_articles`, its prefixes read off: `PREFIXES`).
        *("חדר קולנוע", "קולנוע ביתי"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("bioskop", "pawagam", "سینما", "سینمای خانگی"),
    ),
    (
        *("storage", "storage room", "débarras", "abstellraum", "trastero"),
        *("ripostiglio", "berging", "förråd", "schowek", "物置", "储藏室", "儲藏室", "杂物间"),
        "창고",
        # As Portuguese says it ("a tomada do depósito": the storage room's plug), and Italian
        # (deposito, the same letters folded).
        *("depósito", "arrecadação", "arrumos"),
        # A small room for boxes, in British English ("box room plug").
        *("box room", "boxroom", "junk room", "lumber room", "кладовка", "кладовке"),
    ),
    (
        *("laundry", "laundry room", "buanderie", "waschküche", "lavanderia", "tvättstuga"),
        *("pralnia", "ランドリー", "洗濯室", "洗衣房", "세탁실"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("bilik dobi", "vešernica", "praonica", "رختشویخانه"),
    ),
    (
        *("pantry", "larder", "cellier", "garde-manger", "speisekammer", "vorratskammer"),
        *("despensa", "dispensa", "voorraadkamer", "voorraadkast", "skafferi"),
        *("spiżarnia", "spiżarni", "パントリー", "食品庫", "팬트리"),
    ),
    # A place outdoors an entity is often named after ("Orchard"): its name in other languages.
    (
        *("orchard", "verger", "obstgarten", "huerto", "frutteto", "boomgaard", "pomar"),
        *("fruktträdgård", "果樹園", "果园", "과수원"),
    ),
    (
        # The room of books, and what a family calls it by what is done there ("the relay in the
        # reading room").
        *("library", "reading room", "bibliothèque", "bibliothek", "biblioteca", "bibliotheek"),
        *("bibliotek", "biblioteka", "lesezimmer", "salle de lecture", "sala de lectura"),
        *("sala di lettura", "leeskamer", "läsrum", "図書室", "藏书室", "藏書室"),
    ),
    (
        *("attic", "grenier", "dachboden", "soffitta", "zolder", "sótão", "strych", "屋根裏"),
        *("阁楼", "閣樓", "다락방"),
    ),
    (
        *("wine cellar", "cave à vin", "weinkeller", "bodega", "cantina", "wijnkelder"),
        *("adega", "vinkällare", "ワインセラー", "酒窖", "와인셀러"),
        # Hebrew ("במרתף היין": in the wine cellar, its prefix read off: `PREFIXES`), Romanian.
        *("מרתף היין", "מרתף יין", "crama"),
        # Turkish ("şarap mahzenindeki": in the wine cellar, `CASE_ENDINGS`).
        "şarap mahzeni",
        # The wine, kept there: "the wine is getting too warm".
        *(
            "wine",
            "vin",
            "wein",
            "vino",
            "wijn",
            "vinho",
            "ワイン",
            "葡萄酒",
            "红酒",
            "紅酒",
            "와인",
        ),
    ),
    (
        *("gym", "home gym", "fitness room", "salle de sport", "fitnessraum", "gimnasio"),
        *("palestra", "sportschool", "siłownia", "siłowni", "ジム", "トレーニングルーム"),
        *("健身房", "健身室", "헬스장", "운동실"),
        # Hindi ("जिम की लाइट": the gym's light) and Hebrew.
        *("जिम", "व्यायामशाला", "חדר כושר"),
        # Turkish ("spor salonundaki lambayı kapat": the lamp in the gym, `CASE_ENDINGS`).
        *("spor salonu", "spor odası"),
        # Brazilian Portuguese's word for a gym ("a academia": the gym).
        "academia",
        # What a family calls it by what is done there ("the workout room lights").
        *("workout room", "exercise room", "weight room", "weights room"),
        *("fitness studio", "workout", "fitness", "trainingsraum", "sala fitness"),
        # Lifting weights, done there: "I'm about to lift weights, get the lights on".
        *("lift weights", "lifting weights", "weight training", "weight lifting"),
        *("musculation", "krafttraining", "levantar pesas", "gewichtheffen", "筋トレ", "举重"),
        # Swahili, Malay, Serbian and Croatian and Persian (round 34's languages).
        *("teretana", "chumba cha mazoezi", "gimnasium", "باشگاه"),
    ),
    (
        *("playroom", "play room", "games room", "game room", "salle de jeux", "spielzimmer"),
        *("sala de juegos", "cuarto de juegos", "sala giochi", "stanza dei giochi"),
        *("speelkamer", "lekrum", "sala de brinquedos", "pokój zabaw", "プレイルーム"),
        *("遊び部屋", "游戏室", "遊戲室", "儿童游戏室", "놀이방", "игровая", "игровой"),
        # Australian and New Zealand English: the children's room for play ("the rumpus room").
        *("rumpus room", "rumpus"),
        # Hebrew ("בחדר המשחקים": in the playroom, its prefixes read off: `PREFIXES`, its
        # article by `_with_hebrew_articles`).
        "חדר משחקים",
    ),
)
_HEBREW_WORDS: Final = re.compile("^[\u05d0-\u05ea]+ [\u05d0-\u05ea]+$")
HEBREW_ARTICLE: Final = "ה"
"""Hebrew's definite article, written on the word it makes definite."""


def _with_hebrew_articles(names: tuple[str, ...]) -> tuple[str, ...]:
    """Return `names` with each Hebrew room of two words said definite too.

    Hebrew makes "a room of sleep" definite on its second word: "חדר שינה" (a
    bedroom) is "חדר השינה" (the bedroom), as "בחדר השינה" (in the bedroom)
    says it, its prefixes read off (`PREFIXES`).
    """
    definite = [
        f"{first} {HEBREW_ARTICLE}{second}"
        for name in names
        if _HEBREW_WORDS.match(name)
        for first, second in [name.split()]
        if not second.startswith(HEBREW_ARTICLE)
    ]
    return tuple(dict.fromkeys((*names, *definite)))


ROOM_WORDS: Final = tuple(map(_with_hebrew_articles, _ROOM_GROUPS))
"""Groups of names of one room (any case and accents); a Hebrew room of two words said definite
too (`_with_hebrew_articles`)."""
ROOM_KINDS: Final = (
    # A room of a general kind and the rooms that are particular ones of it: the ensuite is a
    # bathroom ("the lamp in our bathroom", the bathroom having none: the ensuite's), the master
    # bedroom, the guest room and the nursery are bedrooms.
    ("bathroom", ("ensuite", "shower room")),
    ("bedroom", ("master bedroom", "guest room", "nursery")),
)
"""Rooms of a kind (`ROOM_WORDS`' words for them): what is asked in the general room that it
holds none of is looked for in the particular ones (`House._kindred`)."""
ROOM_NOUNS: Final = frozenset({"room", "zimmer", "rum", "rummet", "kamer", "pokoj", "pokoju"})
"""Words saying "room" after a room's name ("the storage room" for a room called Storage): part
of its span, not a device word."""
ROOM_SURFACES: Final = frozenset({"floor", "floors", "carpet", "carpets", "rug", "rugs"})
"""What a room's ground is called, said after it: "the kitchen floor" is the kitchen (not a
floor of the house, nor a device's word): "there are crumbs all over the kitchen floor"."""
PLACE_NOUNS: Final = frozenset(
    {
        *("area", "zone", "corner", "space", "side", "espace", "coin", "bereich", "ecke"),
        *("zona", "rincon", "angolo", "hoek", "omrade", "strefa"),
    }
)
"""Words saying "the place of" after what a room is called by ("Front door area"): the words
before them name the room too ("spotlights by the front door"), weighing `SYNONYM_WEIGHT`."""
SYNONYM_WEIGHT: Final = 0.95
"""What a room's name from `ROOM_WORDS` counts for beside its own names (which win a tie)."""
WIDER_SYNONYM_WEIGHT: Final = 0.94
"""What a name of `ROOM_WORDS` in other groups than a room's own name counts for: in more ("서재",
a study or the office, for a room called Office: below a Study, whose name is in each of them), or
in fewer ("biuro", an office, for a room called Study: below an Office)."""

NAME_WORDS: Final[tuple[tuple[str, ...], ...]] = (
    # Words a household says for what an entity's name calls otherwise: "the fairy lights" are
    # the switch called Decorative Lights (string lights, a "guirlande", a "Lichterkette").
    (
        *("decorative", "fairy", "string", "festoon", "twinkle", "guirlande", "lichterkette"),
        *("lichtslinger", "ljusslinga", "luminarie", "guirnalda"),
    ),
    # A film is a movie ("set the living room up for a film": the scene called Movie time).
    ("movie", "film", "película", "filme", "映画", "电影", "電影", "영화"),
    # The evening after work, a routine's name ("Büro Feierabend"; `WORKDAY_END`), in German,
    # Danish and Norwegian, and in English.
    # And as Polish, Czech, Slovak and Hungarian borrowed the German word ("fajrant w biurze":
    # knocking off at the office).
    ("feierabend", "fyraften", "fyrabend", "afterwork", "workday", "fajrant", "fajront"),
    # Trees, which a garden's valve is often named after ("¿se están regando los árboles?":
    # the valve called Trees), in any language.
    (
        *("trees", "tree", "arbres", "arbre", "bäume", "baum", "árboles", "árbol", "alberi"),
        *("albero", "bomen", "boom", "árvores", "árvore", "träd", "drzewa", "drzewo", "drzew"),
        *("木々", "树木", "樹木", "나무"),
    ),
    # A lamp, in any language, and a desk lamp ("书房的台灯": the study's desk lamp) is one.
    (
        *("lamp", "lampe", "lámpara", "lampada", "lampa", "lâmpada", "ランプ", "램프"),
        *("台灯", "檯燈", "台燈", "스탠드"),
    ),
    # Going away for a while, which a helper is often named after ("we're off on holiday":
    # Vacation mode), in British and American English and other languages.
    (
        *("vacation", "holiday", "holidays", "vacances", "urlaub", "ferien", "vacaciones"),
        *("vacanze", "vacanza", "vakantie", "semester", "ferie", "férias", "wakacje", "休暇"),
        *("假期", "휴가"),
    ),
    # Guests, which a helper is often named after ("my in-laws are staying for the weekend":
    # Guest mode): who comes to stay, and staying, in English and other languages.
    (
        *("guest", "guests", "visitor", "visitors", "visiting", "staying", "inlaws", "company"),
        *("invite", "invites", "gast", "gaste", "besuch", "invitado", "invitados", "ospite"),
        *("ospiti", "gasten", "logees", "gäst", "gäster", "gość", "goście", "hóspede", "hóspedes"),
        *("来客", "お客", "客人", "访客", "訪客", "손님"),
        # Vietnamese ("bật chế độ khách": turn on guest mode), Indonesian, Turkish, Finnish,
        # Greek, Hungarian, Romanian, Danish, Ukrainian and Russian, Hindi, Arabic, Hebrew and
        # Thai.
        *("khách", "tamu", "misafir", "vieras", "vieraat", "επισκέπτης", "επισκέπτες"),
        *("vendég", "vendégek", "oaspeți", "oaspete", "gæst", "gæster", "гість", "гості"),
        *("гость", "гости", "मेहमान", "अतिथि", "ضيف", "ضيوف", "אורח", "אורחים", "แขก"),
    ),
)
"""Groups of words naming one thing in an entity's name: a word of the query matches a name
holding another of its group at `SYNONYM_WEIGHT`."""

_SOMEONE: Final = (
    *("anyone", "anybody", "someone", "somebody", "quelqu", "jemand", "qualcuno", "alguien"),
    *("iemand", "誰か"),
    # Chinese ("后院有人吗": is anyone in the backyard?) and Korean.
    *("有人", "누구", "누가"),
)
"""Who is there: "is anyone in the dressing room", "y a-t-il quelqu'un" (motion, occupancy)."""
_FREE: Final = (
    *("free", "vacant", "engaged", "occupied", "available", "libre", "libero", "frei"),
    *("besetzt", "occupé", "ocupado", "occupato", "vrij", "bezet", "ledig", "upptagen"),
)
"""Whether a room is free or taken, as a loo, a meeting room or a bathroom is ("is the loo
free?"): whether anyone is in it (motion, occupancy)."""

_AIR_QUALITY: Final = (
    *("iaq", "luftqualität", "luftqualitat", "空气质量", "空気質"),
    # What is smelt in it ("it smells like smoke in the kitchen"), in English, French, German,
    # Spanish, Italian, Dutch, Swedish and Portuguese.
    *("smell", "smells", "smelly", "smelling", "odour", "odor", "stink", "stinks", "stinky"),
    *("odeur", "geruch", "riecht", "stinkt", "olor", "huele", "odore", "puzza", "geur"),
    *("ruikt", "lukt", "luktar", "cheiro"),
)
"""The air's quality, indoors ("iaq": `COMPOUNDS` makes "air quality", "air safe" this one word):
what the sensors of the air's hazards tell (carbon monoxide and dioxide, smoke, VOC, AQI)."""

DEVICE_CLASS_WORDS: Final[dict[str, frozenset[str]]] = {
    device_class: frozenset(fold(word) for word in words)
    for device_class, words in {
        "temperature": (
            *("temperature", "temp", "température", "temperatur", "temperatura", "温度"),
            *("thermometer", "thermomètre", "termómetro", "termometro", "termometr", "温度計"),
            # How it feels: "how warm is it in the sauna", "fait-il froid dehors".
            *("warm", "cold", "hot", "chilly", "freezing", "chaud", "froid", "kalt", "heiß"),
            *("caldo", "freddo", "calor", "frío", "koud", "暑い", "寒い"),
            # Swedish, as said of a place ("hur varmt är det i duschrummet?").
            *("varm", "varmt", "kall", "kallt"),
            # Compared ("is the sauna hotter than the gym?": the temperature of each).
            *("hotter", "warmer", "colder", "chillier", "wärmer", "kälter", "heißer"),
            # The air's temperature: "外の気温" (outside), "室外气温", "바깥 기온".
            *("気温", "气温", "氣溫", "溫度", "온도", "기온"),
            # Its unit, asked ("how many degrees is it outside?").
            *("degree", "degrees", "degré", "degrés", "grad", "grados", "gradi", "graden"),
            # Its scales, named without a number ("how many degrees Fahrenheit is it?").
            *("fahrenheit", "celsius", "centigrade", "kelvin"),
        ),
        "humidity": (
            *("humidity", "humidité", "feuchtigkeit", "luftfeuchtigkeit", "humedad", "湿度"),
            # How it feels: "is the ensuite steamy?", "est-ce humide".
            *("humid", "steamy", "damp", "muggy", "humide", "feucht", "húmedo", "umido"),
            *("濕度", "습도"),
            # Thai ("ความชื้นข้างนอกเท่าไหร่": how humid is it outside?).
            "ความชื้น",
            # Hebrew ("מה הלחות בחדר העבודה?": what is the humidity in the study?, its article
            # read off: `PREFIXES`).
            "לחות",
            # Damp to the touch, or in the air ("the study feels clammy"), in English,
            # French, German, Dutch and Swedish.
            *("clammy", "dank", "moite", "klamm", "klam", "fuktig", "fuktigt"),
        ),
        # What it is for: "something to dry out the air".
        "dehumidifier": (
            *("dehumidifier", "dehumidify", "dry", "déshumidificateur", "entfeuchter"),
            *("除湿机", "除濕機", "除湿機", "除湿器", "제습기"),
        ),
        "humidifier": (
            *("humidifier", "humidify", "humidificateur", "befeuchter"),
            *("加湿器", "加濕器", "加湿機", "가습기"),
        ),
        "motion": (
            *("motion", "movement", "mouvement", "bewegung", "présence", "人感"),
            *("move", "moved", "moving", "bouge", "bewegt"),
            *_SOMEONE,
            *_FREE,
        ),
        "occupancy": (
            *("occupancy", "presence", "présence", "occupied", "occupé"),
            *_SOMEONE,
            *_FREE,
        ),
        "presence": ("presence", "présence", "anyone", "someone", "quelqu", "jemand"),
        "door": (
            *("door", "porte", "tür", "ドア", "porta", "puerta", "deur", "dörr", "drzwi"),
            *("门", "門", "문"),
            # Danish and Norwegian ("døren": the door, `DEFINITE_ENDINGS`), Thai.
            *("dør", "ประตู"),
        ),
        "garage_door": ("garage", "door", "porte"),
        "garage": ("garage", "door", "porte", "tor"),
        "gate": ("gate", "portail", "tor", "cancello", "portón", "portão", "hek", "brama"),
        "window": (
            *("window", "fenêtre", "fenster", "窓"),
            # Chinese and Korean ("更衣室的窗户开着吗": is the dressing room's window open?).
            *("窗户", "窗戶", "窗", "창문"),
            # Hebrew ("החלון בחדר המשחקים פתוח?": is the window in the playroom open?).
            *("חלון", "חלונות"),
            # Polish ("zamknij wszystkie okna": close all the windows), Czech, Ukrainian and
            # Russian, said alone and as a plural.
            *("okno", "okna", "okien", "вікно", "вікна", "окно", "окна"),
        ),
        "smoke": ("smoke", "fumée", "rauch", "煙", *_AIR_QUALITY),
        "carbon_monoxide": ("co", "monoxide", "monoxyde", *_AIR_QUALITY),
        "volatile_organic_compounds": ("voc", *_AIR_QUALITY),
        "aqi": ("aqi", *_AIR_QUALITY),
        "carbon_dioxide": (
            *("co2", "dioxide", "dioxyde"),
            # How the air feels: "how stuffy is the air in the office".
            *("stuffy", "stale", "air", "renfermé", "stickig"),
            *_AIR_QUALITY,
        ),
        "power": (
            *("power", "puissance", "leistung", "電力", "consumption", "consommation", "draw"),
            # What it measures, as people say it: "how much electricity is the office using".
            *("electricity", "électricité", "strom", "electricidad", "elettricità"),
            *("elektriciteit", "elektricitet", "prąd"),
            # What is used, said as a noun or a verb ("quanta corrente stiamo consumando?").
            *("consumo", "consumi", "consumando", "consumiamo", "consumiendo", "consumindo"),
            *("verbrauch", "verbraucht", "verbruik", "förbrukning", "zużycie"),
        ),
        "energy": ("energy", "énergie", "energie"),
        "battery": ("battery", "batterie", "バッテリー"),
        "illuminance": (
            *("illuminance", "lux", "brightness", "luminosité", "helligkeit", "照度", "明るさ"),
            # The light a room gets from outside, measured: "how much daylight does it get?".
            *("daylight", "tageslicht", "daglicht", "dagsljus", "日光", "采光", "採光"),
        ),
        "moisture": ("moisture", "leak", "water", "fuite"),
        "outlet": (
            *("outlet", "plug", "socket", "prise", "steckdose", "enchufe", "presa", "stopcontact"),
            *("tomada", "uttag", "gniazdko", "コンセント", "插座"),
            *("priz", "розетка", "розетку", "розетки", "stikkontakt"),
            # What one does with it: "charge my phone in the storage room".
            *("charge", "charger", "recharge", "recharger", "cargar", "aufladen", "ladda"),
        ),
        "tv": ("tv", "television", "télé", "fernseher"),
        "speaker": ("speaker", "enceinte", "lautsprecher"),
    }.items()
}
"""Words that name a device class (folded, singular)."""

_WINDOW_DRESSINGS: Final = (
    *("curtain", "blind", "shade", "drape", "drapes", "rideau", "store", "vorhang", "gardine"),
    *("jalousie", "persiana", "estor", "estores", "tenda", "tende", "gordijn", "gardin"),
    *("zasłona", "roleta", "cortina", "カーテン", "ブラインド", "窗帘", "窗簾", "커튼", "블라인드"),
    *("περσίδα", "жалюзі", "штора", "jaluzea", "jaluzele", "पर्दा", "žaluzie", "žaluzii"),
)
"""Words for what dresses a window: curtains, blinds, shades (not shutters, which roll down over
a garage too)."""
NAMED_OTHERWISE: Final[dict[str, frozenset[str]]] = dict.fromkeys(
    ("door", "garage", "gate"), frozenset(fold(word) for word in _WINDOW_DRESSINGS)
)
"""Words of a domain (`DOMAIN_WORDS`) that name none of its entities of a device class: a door,
a garage door or a gate is no curtain ("open the curtains downstairs": the windows' covers)."""

FLOOR_WORDS: Final[dict[str, tuple[str, ...]]] = {
    # Which levels: words for them in any house (a house's own floor names and aliases first).
    "above": (
        *("upstairs", "à l'étage", "étage", "oben", "obergeschoss", "arriba", "上の階"),
        *("楼上", "樓上", "위층", "윗층", "наверху"),
        # Italian, Portuguese and Spanish: the floor above.
        *("piano di sopra", "piano superiore", "di sopra", "andar de cima", "piso de arriba"),
        # Spanish: the upper storey ("apaga las luces de la planta alta"), as "planta baja" is
        # the ground floor.
        *("planta alta", "planta superior", "planta de arriba", "piso superior"),
        # Dutch: the upper storey ("boven" alone is also "above": "de lamp boven de tafel").
        "bovenverdieping",
        # Turkish ("üst kattaki": on the upper floor, its case read off by `_stems`), Czech and
        # Slovak, Finnish, Danish and Norwegian, Swedish, Indonesian, Greek, Hungarian,
        # Romanian, Ukrainian, Arabic, Hebrew and Vietnamese.
        *("üst kat", "nahoře", "v patře", "hore", "poschodie", "yläkerta", "yläkerrassa"),
        *("ovenpå", "oppe", "uppe", "övervåningen", "lantai atas", "πάνω όροφος"),
        *("επάνω όροφος", "emelet", "emeleten", "la etaj", "нагорі", "الطابق العلوي"),
        *("למעלה", "tầng trên"),
    ),
    "ground": (
        *("downstairs", "ground floor", "ground level", "rez-de-chaussée", "rdc"),
        *("erdgeschoss", "planta baja", "一階", "楼下", "樓下", "一楼", "一樓", "아래층"),
        # Said of where one is, in German and Russian ("alle Lichter unten ausschalten").
        *("unten", "внизу"),
        # Italian, Portuguese and Spanish ("le temperature al piano terra").
        *("piano terra", "pianterreno", "piano terreno", "térreo", "rés-do-chão"),
        # American English: the floor one comes in on ("the lights on the main floor").
        *("main floor", "main level", "entry level", "street level"),
        # Dutch: downstairs, the ground floor ("doe de lampen beneden uit").
        *("beneden", "benedenverdieping", "begane grond", "gelijkvloers"),
        # Polish ("na parterze": on the ground floor), Czech and Ukrainian.
        *("parter", "parterze", "přízemí", "першому поверсі"),
        # Turkish ("alt kattaki ışıkları kapat": turn off the lights downstairs, its case read
        # off by `_stems`), Czech and Slovak, Finnish, Danish and Norwegian, Swedish,
        # Indonesian, Greek, Hungarian, Arabic, Hebrew and Vietnamese.
        *("alt kat", "zemin kat", "dole", "prízemie", "alakerta", "alakerrassa"),
        *("nedenunder", "stueetagen", "nede", "nere", "nedervåningen", "bottenvåningen"),
        *("lantai bawah", "ισόγειο", "κάτω όροφος", "földszint", "földszinten"),
        *("الطابق السفلي", "الطابق الأرضي", "למטה", "קומת קרקע", "tầng dưới", "tầng trệt"),
    ),
    "below": (
        *("basement", "cellar", "sous-sol", "keller", "untergeschoss", "sótano", "地下"),
        *("地下室", "지하", "지하실", "подвал", "подвале"),
        *("seminterrato", "interrato", "porão", "subsolo"),
        # Dutch and Swedish.
        *("kelder", "souterrain", "källare"),
    ),
}
"""Words for floors by where they are: above the ground floor, the ground floor, below it."""
FLOOR_WORDS_LAST: Final[dict[str, tuple[str, ...]]] = {
    # Dutch "boven" is upstairs when nothing follows it ("hoe warm is het boven?"), "above"
    # when something does ("de lamp boven de tafel").
    "above": ("boven",),
}
"""Words that name floors only as the query's last word (folded): before a noun they are a
preposition."""
FLOOR_ORDINALS: Final[dict[int, tuple[str, ...]]] = {
    # The floors above the ground floor counted from 1, as Italian, French, German, Spanish,
    # Portuguese and Danish count them ("al primo piano": upstairs). Not English: an American
    # first floor is the ground floor.
    1: (
        *("primo piano", "premier étage", "1er étage", "erster stock", "ersten stock"),
        *("erstes obergeschoss", "ersten obergeschoss", "primer piso", "primera planta"),
        *("primeiro andar", "første sal"),
    ),
    2: (
        *("secondo piano", "deuxième étage", "2e étage", "zweiter stock", "zweiten stock"),
        *("segundo piso", "segunda planta", "segundo andar", "anden sal"),
    ),
}
"""Words for a floor by its number above the ground floor (its level)."""
GROUND_FIRST_NOUNS: Final = (
    # The word for a storey in the languages that count the ground floor as the first:
    # Norwegian ("første etasje": the ground floor), Swedish, Finnish, Estonian, Lithuanian,
    # Latvian, Russian and Ukrainian, as written and in the case said after "on" ("på første
    # etasje", "на первом этаже"). Not Danish: its "første sal" is the first floor up
    # (`FLOOR_ORDINALS`), its ground floor the "stueetage".
    *("etasje", "etasjen", "etg", "våning", "våningen", "kerros", "kerroksessa", "korrus"),
    *("korrusel", "aukštas", "aukšte", "stāvs", "stāvā", "этаж", "этаже", "поверх", "поверсі"),
)
GROUND_FIRST_ORDINALS: Final[dict[int, tuple[str, ...]]] = {
    # The ordinals said before them, in those languages, and as a number ("1. etasje").
    1: (
        *("første", "1", "första", "ensimmäinen", "ensimmäisessä", "esimene", "esimesel"),
        *("pirmas", "pirmame", "pirmais", "pirmajā", "первый", "первом", "перший", "першому"),
    ),
    2: (
        *("andre", "annen", "2", "andra", "toinen", "toisessa", "teine", "teisel", "antras"),
        *("antrame", "otrais", "otrajā", "второй", "втором", "другий", "другому"),
    ),
    3: (
        *("tredje", "3", "kolmas", "kolmannessa", "kolmandal", "trečias", "trečiame"),
        *("trešais", "trešajā", "третий", "третьем", "третій", "третьому"),
    ),
}
"""Words for a floor by its number counted from the ground floor, the first (its level is one
less): the storey's noun says which way its language counts, as the owner says it."""
ENGLISH_FLOORS: Final[dict[tuple[int, int], tuple[str, ...]]] = {
    # English counts floors two ways: an American's second floor is the first floor up (the
    # ground floor is the first), a Briton's the second up. Either level the house has.
    (1, 2): ("second floor", "2nd floor", "second story", "second storey"),
    (2, 3): ("third floor", "3rd floor", "third story", "third storey"),
}
"""English words for a floor by its number, as the levels an American and a Briton mean."""
HIGHEST_LOWEST: Final[dict[str, tuple[str, ...]]] = {
    # The house's highest and lowest floors, whichever levels they are: "the top floor" of a
    # house of two floors is its first floor up, "the lower level" of a house with a
    # basement is the basement (of one without, its ground floor).
    "highest": (
        *("top floor", "top level", "top storey", "top story", "upper floor", "upper level"),
        *("highest floor", "uppermost floor", "dernier étage", "oberstes geschoss"),
        *("último piso", "ultimo piano", "último andar"),
    ),
    "lowest": (
        *("lower level", "lower floor", "bottom floor", "bottom level", "lowest floor"),
        *("lowest level",),
    ),
    # The floors between them: "the middle floor" of a house of three is its second.
    "middle": (
        *("middle floor", "middle level", "middle storey", "middle story", "mid floor"),
        *("étage du milieu", "mittleres geschoss", "mittlere etage", "piano di mezzo"),
        *("piso del medio", "piso intermedio", "andar do meio"),
    ),
}
"""English and other words for the house's highest, lowest or middle floors, by the levels it
has (the middle: those strictly between its highest and lowest)."""
_LEVELS: Final[dict[str, Callable[[int], bool]]] = {
    "above": lambda level: level > 0,
    "ground": lambda level: level == 0,
    "below": lambda level: level < 0,
}
_JAPANESE_FLOOR: Final = re.compile(r"(\d+)[階楼樓층]")
"""A floor number in Japanese, Chinese or Korean: "2階", "2楼", "2층" are the level 1 (the ground
floor is the first)."""

AGREEMENT: Final = 0.03
"""What a device word naming both the entity and its kind adds: "kitchen light" is the light
called Kitchen Lights before a switch whose name also says "light"."""
WORD_RATIO: Final = 0.66
"""The least `SequenceMatcher` ratio of two words that is a typo of one another."""
_SHORT: Final = 4
"""Words shorter than this match a word only as themselves, its start, or one letter away."""
CLASS_BONUS: Final = 0.02
"""What a word naming the entity's device class adds over a word naming only its domain:
"Fenster" (window) is a window before the garage door, both covers; "Steckdosen" a plug
before a relay, both switches."""
CLASS_NAME_WEIGHT: Final = 0.9
"""What a word of a device class in any language scores on a name holding the class's own
word: "Fenster" on the cover called Kitchen Window, "steamy" on the sensor called Humidity."""
COMPOUND_WEIGHT: Final = 0.85
"""What a word ending in a word for a kind scores for that kind ("Stehlampe", "taklampan",
"spotlights": a lamp, a light)."""
PART_WORDS: Final[tuple[frozenset[str], ...]] = tuple(
    frozenset(fold(word) for word in group)
    for group in (
        ("ceiling", "plafond", "decke", "decken", "techo", "soffitto", "teto", "tak", "sufit"),
        ("wall", "mur", "wand", "pared", "parete", "parede", "vagg", "sciana", "sciany"),
        ("desk", "schreibtisch", "escritorio", "scrivania", "skrivbord", "biurko"),
        ("table", "tisch", "mesa", "tavolo", "tafel", "bord"),
        ("bed", "bett", "cama", "letto", "bedside", "sang", "nachttisch"),
        ("floor", "stand", "steh", "golv", "vloer"),
    )
)
"""Words for where a light (or other device) is, in several languages: the first part of a
compound word ("taklampan": "tak", the ceiling's) matches a name holding a word of its group
("Gym Ceiling Light")."""
_COMPOUND_HEAD: Final = 2
"""The fewest letters before a kind's word in a compound word ("taklampan": "tak")."""
_COMPOUND_TAIL: Final = 2
"""The most letters after it (an ending: "lampan", "lampor", "lights")."""
_MIN_HEAD: Final = 3
"""The fewest letters of a compound's first part that name a thing by themselves ("spot")."""
_TYPO_COMMAND: Final = 5
"""The fewest letters of a word read as a command with a typo."""
_TYPO_COMPOUND: Final = 5
"""The fewest letters of a compound's second word read with a typo ("conditionner")."""
PLURAL_NAME_WEIGHT: Final = 0.9
"""What the plural of a domain's word ("thermostats") counts for in the names of an entity of
another domain: the devices of that kind first, then a sensor called Thermostat."""
FOREIGN_COMMAND_WEIGHT: Final = 0.5
"""What a command word found in the names of an entity it cannot act on counts for."""


@dataclass(frozen=True, slots=True)
class Room:
    """An area as a query may name it: its id and its name and aliases."""

    area_id: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FloorPlace:
    """A floor as a query may name it: its id, its name and aliases, and its level."""

    floor_id: str
    names: tuple[str, ...]
    level: int | None


@dataclass(frozen=True, slots=True)
class Phrase:
    """A query read as device words and the rooms (or floors) its place words name.

    area_ids: the rooms named (several when they tie); empty when none.
    room_score: how well the place words matched (0..1), 0 when no place.
    words: the device words, folded.
    floor_ids: the floors named when no room is (their areas are meant).
    said: every word of the query as read, the room's too, a compound split where its parts
        name the room ("keukendeur": keuken, deur).
    """

    area_ids: tuple[str, ...]
    room_score: float
    words: tuple[str, ...]
    floor_ids: tuple[str, ...] = ()
    said: tuple[str, ...] = ()


QUESTION_ENDS: Final = ("?", "？", "吗", "嗎")
"""What a question ends with: its mark, or Chinese's question particle ("车库门关了吗")."""


@lru_cache(maxsize=1)
def _opposite_of() -> dict[str, frozenset[str]]:
    """Return each word of `OPPOSITES`, folded, with the other side's words."""
    opposite: dict[str, frozenset[str]] = {}
    for one, other in OPPOSITES:
        ones, others = frozenset(map(fold, one)), frozenset(map(fold, other))
        opposite.update(dict.fromkeys(ones, others) | dict.fromkeys(others, ones))
    return opposite


def opposites(words: Iterable[str]) -> frozenset[str]:
    """Return the words naming the other side of a side `words` name (none: no side named)."""
    table = _opposite_of()
    found = {other for word in words for other in table.get(word, ())}
    return frozenset(found.difference(words))


def asks_switching(query: str) -> bool:
    """Return True when `query` asks to turn something on or off (`SWITCHING`), not a question."""
    return not asks_state(query) and bool(SWITCHING.search(fold(query)))


def asks_state(query: str) -> bool:
    """Return True when `query` asks how something is ("is the garage open?", "wie warm ist es")."""
    words = fold(query).split()
    return bool(words) and words[0] in QUESTION_WORDS or query.rstrip().endswith(QUESTION_ENDS)


ROMANISED: Final[dict[str, str]] = {
    # Japanese in romaji (Hepburn, long vowels folded: "shōmei", "shoumei"), as the tables
    # hold it in its own script: rooms, floors, devices and what they measure.
    "shinshitsu": "寝室",
    "ribingu": "リビング",
    "daidokoro": "台所",
    "kicchin": "キッチン",
    "kitchin": "キッチン",
    "yokushitsu": "浴室",
    "genkan": "玄関",
    "shosai": "書斎",
    "toire": "トイレ",
    "niwa": "庭",
    "gareeji": "ガレージ",
    "gareji": "ガレージ",
    "kodomobeya": "子供部屋",
    "jimu": "ジム",
    "shokudo": "食堂",
    "shokudou": "食堂",
    "roka": "廊下",
    "rouka": "廊下",
    "kaidan": "階段",
    "ikkai": "一階",
    "denki": "電気",
    "shomei": "照明",
    "shoumei": "照明",
    "raito": "ライト",
    "eakon": "エアコン",
    "senpuki": "扇風機",
    "senpuuki": "扇風機",
    "mado": "窓",
    "doa": "ドア",
    "kaaten": "カーテン",
    "terebi": "テレビ",
    "kagi": "鍵",
    "ondo": "温度",
    "shitsudo": "湿度",
    # Chinese in pinyin, tones left out (as typed, or folded from their marks), its
    # syllables written together or apart ("jian shen fang"): rooms, floors, devices,
    # measures, and turning off and on.
    "woshi": "卧室",
    "keting": "客厅",
    "chufang": "厨房",
    "yushi": "浴室",
    "weishengjian": "卫生间",
    "shufang": "书房",
    "bangongshi": "办公室",
    "jianshenfang": "健身房",
    "canting": "餐厅",
    "cheku": "车库",
    "huayuan": "花园",
    "zoulang": "走廊",
    "ertongfang": "儿童房",
    "zhuwo": "主卧",
    "dixiashi": "地下室",
    "loushang": "楼上",
    "louxia": "楼下",
    "yilou": "一楼",
    "deng": "灯",
    "diandeng": "电灯",
    "kongtiao": "空调",
    "fengshan": "风扇",
    "chuanghu": "窗户",
    "dianshi": "电视",
    "chekumen": "车库门",
    "wendu": "温度",
    "shidu": "湿度",
    "nuanqi": "暖气",
    "guandiao": "关掉",
    "guanshang": "关上",
    "guan": "关",
    "dakai": "打开",
}
"""Words of Japanese and Chinese typed in the Latin alphabet (folded, without spaces), and the
word the tables hold in the language's own script."""
_ROMANISED_LONGEST: Final = 4
"""The most words a romanised word is typed in ("wei sheng jian": 卫生间)."""
_ROMANISED_JOINED: Final = 5
"""The fewest letters of a romanised word typed apart: shorter, two words of another language
would join into one ("do a": "doa", a door in romaji)."""


def _romanised(words: list[str]) -> list[str]:
    """Return `words` with each romanised word of `ROMANISED`, typed whole or apart, in script."""
    fixed: list[str] = []
    index = 0
    while index < len(words):
        for size in range(min(_ROMANISED_LONGEST, len(words) - index), 0, -1):
            joined = "".join(words[index : index + size])
            native = ROMANISED.get(joined)
            if native is not None and (size == 1 or len(joined) >= _ROMANISED_JOINED):
                fixed.append(native)
                index += size
                break
        else:
            fixed.append(words[index])
            index += 1
    return fixed


ROOM_OWNERS: Final = {
    # The people a room is named after, by the word its name says them with (`ROOM_WORDS`: the
    # kids room, the baby room, the guest room, the parents room).
    **dict.fromkeys(("kids", "kid", "children", "child", "boys", "girls"), "kids"),
    **dict.fromkeys(("baby", "babies"), "baby"),
    **dict.fromkeys(("guests", "guest"), "guest"),
    "parents": "parents",
}
"""Words for people (folded), and the word for them in the name of their room."""
OWNERS_PRONOUNS: Final = frozenset({"their", "his", "her"})
"""Who a room belongs to, said again ("did the kids leave the spots on in their room?")."""
_OWNED_ROOMS: Final = frozenset({"room", "rooms", "bedroom"})


def _owners_rooms(words: list[str]) -> list[str]:
    """Return `words` with "their room" said as the room of the people named before it.

    "did the kids leave the spots on in their room?": "… in kids room" (the kids room,
    a row of `ROOM_WORDS`), the people's word moved there from where it was said.
    """
    for index, word in enumerate(words[:-1]):
        if word in OWNERS_PRONOUNS and words[index + 1] in _OWNED_ROOMS:
            owner = next((at for at in range(index) if words[at] in ROOM_OWNERS), None)
            if owner is not None:
                room = [ROOM_OWNERS[words[owner]], "room"]
                return [*words[:owner], *words[owner + 1 : index], *room, *words[index + 2 :]]
    return words


def query_words(query: str) -> list[str]:
    """Return the query's words, folded, split at Japanese and Chinese particles, fillers dropped.

    Fillers are kept if they are all there is. A Korean word is read
    without its particle of place or possession (`KOREAN_PARTICLES`). A
    feeling stated of a place ("it's muggy in here", "the bedroom is cold";
    not a question) is a complaint, as "too muggy" is: its remedy.
    """
    words = [
        _without_particle(word)
        for token in fold(_PERCENT_SIGN.sub(r"\1 percent", CALLED.sub("", query, 1))).split()
        for part in (_PARTICLES.split(token) if Folded.of(token).unspaced else [token])
        if part
        for word in _segments(part)
    ]
    words = _without_wake(_owners_rooms(_romanised(words)))
    words = _without_switch_verb(words)
    words = _closing_or_locking(_clothes(_let_in(_rooms_after_place(words))))
    words = _without_durations(
        _dark_when(_said_as(_returns(_values(_symptoms(_asked_rooms(words))))))
    )
    if not asks_state(query):
        words = _activities(_requests(_set_points(_stated_complaints(words))))
    last = bool(_LAST.search(query))
    kept = [word for word in words if word not in FILLERS and not (last and word == "last")]
    return _compounds(_remedies(_numbered(_without_pronoun(kept or words, words))))


SWITCH_VERB: Final = "switch"
"""The verb "switch", said first in a request to switch something on or off: the device's kind."""
_ON_OFF: Final = frozenset({"on", "off"})
PLUGGED_KINDS: Final = frozenset({"light", "fan", "climate", "humidifier"})
"""The kinds a smart plug often powers (a lamp, a fan, a heater or air conditioner): "switch"
said of one may mean its plug."""


def _without_switch_verb(words: list[str]) -> list[str]:
    """Return `words` without "switch" said first as a verb, when another word names the kind.

    "switch the geyser on", "switch off the kitchen plug": the water heater, the plug
    (not every switch); "switch on the kitchen" keeps it, no other word naming a kind. Kept
    beside a word of what a plug often powers (`PLUGGED_KINDS`): "switch on the christmas
    lights" may be the decorative lights' plug, "switch on the air conditioner" the plug
    called AC (`POWERED`'s reasoning: a heater or a fan is often a plug's switch).
    """
    if len(words) < 3 or words[0] != SWITCH_VERB or _ON_OFF.isdisjoint(words[1:]):
        return words
    rest = words[1:]
    named = domains_named([word for word in rest if word not in FILLERS], commands=False)
    return rest if named and named.isdisjoint(PLUGGED_KINDS) else words


_LAST: Final = re.compile(r"(?<!\w)last(?!\w)", re.IGNORECASE)
""""last" as written, a filler as the time words are ("when was the garage door last opened?"):
not "låst" (locked, in Danish, Norwegian and Swedish), which folds to it and names a lock's
state."""


_PERCENT_SIGN: Final = re.compile(r"(\d)\s*%")
PERCENT: Final = frozenset(
    {"percent", "percentage", "pourcent", "prozent", "procent", "percento", "porcentaje", "pct"}
)
"""A percentage's unit after its number ("45 percent", "45 %", "auf 45 Prozent"; folded)."""
PER_CENT: Final = (frozenset({"per", "pour", "por"}), frozenset({"cent", "ciento", "cento"}))
"""A percentage's unit in two words ("45 per cent", "45 pour cent", "45 por ciento")."""


def _values(words: list[str]) -> list[str]:
    """Return `words` without the percentages they give ("set the hygrostat to 45 percent").

    A level asked for is what to set, not a word of the device's name.
    """
    fixed: list[str] = []
    index = 0
    while index < len(words):
        if _NUMBER.fullmatch(words[index]) and index + 1 < len(words):
            after = words[index + 1]
            if after in PERCENT:
                index += 2
                continue
            if after in PER_CENT[0] and index + 2 < len(words) and words[index + 2] in PER_CENT[1]:
                index += 3
                continue
        fixed.append(words[index])
        index += 1
    return fixed


RETURN: Final = "return"
"""What going back says of a mower or a robot vacuum (a word of theirs: `_DOCK`)."""
GOING: Final = frozenset(
    {
        *("go", "goes", "gone", "went", "going", "come", "comes", "came", "coming", "got"),
        *("get", "gets", "head", "headed", "heading"),
    }
)
"""Verbs of going: before "back" ("has the mower gone back to its dock?") they say a return, not
the back side (`OPPOSITES`) of anything (folded)."""
SENDING: Final = frozenset({"send", "sends", "sent", "sending", "take", "bring"})
"""Verbs of sending something back, its name between them and "back" ("send the Roomba back to
its base"): a return too (folded)."""
_SENT_OBJECT: Final = 3
"""The most words between a verb of sending and "back", fillers not counted ("send the lawn
mower back": the article is no word of what is sent)."""


def _sent(before: list[str]) -> list[str]:
    """Return the verb of sending and what is sent, if any, of the words before "back"."""
    named = [word for word in before if word not in FILLERS]
    return named[-_SENT_OBJECT - 1 :]


def _returns(words: list[str]) -> list[str]:
    """Return `words` with a verb of going and "back" said as `RETURN`.

    A verb of sending, what is sent, then "back" ("send the Roomba back") is a return too: "back"
    is said as `RETURN`, what is sent kept.
    """
    if "back" not in words[1:]:
        return words
    fixed: list[str] = []
    for index, word in enumerate(words):
        if word == "back" and index and words[index - 1] in GOING:
            fixed[-1] = RETURN
        elif word == "back" and not SENDING.isdisjoint(_sent(words[:index])):
            fixed.append(RETURN)
        else:
            fixed.append(word)
    return fixed


SUNSET: Final = ("sun", "setting")
"""What the sun going down is, as the sun's entities name it (its next setting)."""
SUNRISE: Final = ("sun", "rising")
"""What the sun coming up is, as the sun's entities name it (its next rising)."""
SUN_EVENTS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {
    # The sun going down, however it is said ("how long until the sun goes down?", "quand
    # le soleil se couche", "Sonnenuntergang", "puesta del sol", "tramonto").
    **dict.fromkeys(
        (
            *(("sun", going, "down") for going in ("goes", "go", "going", "gone", "went")),
            *(("sun", sets) for sets in ("sets", "set")),
            *(("sunset",), ("sundown",), ("sunsets",)),
            *(("coucher", "du", "soleil"), ("soleil", "se", "couche"), ("sonnenuntergang",)),
            *(("puesta", "del", "sol"), ("puesta", "de", "sol"), ("atardecer",)),
            *(("tramonto",), ("zonsondergang",), ("por", "do", "sol"), ("solnedgang",)),
        ),
        SUNSET,
    ),
    # The sun coming up ("when is sunrise?", "lever du soleil", "Sonnenaufgang").
    **dict.fromkeys(
        (
            *(("sun", coming, "up") for coming in ("comes", "come", "coming", "came")),
            *(("sun", rises) for rises in ("rises", "rise")),
            *(("sunrise",), ("sunup",)),
            *(("lever", "du", "soleil"), ("soleil", "se", "leve"), ("sonnenaufgang",)),
            *(("salida", "del", "sol"), ("amanecer",), ("alba",), ("zonsopgang",)),
            *(("nascer", "do", "sol"), ("soluppgang",)),
        ),
        SUNRISE,
    ),
}
"""The sun's events as people say them (folded), and the words its entities name them by: the
sun's next setting and rising ("Sun Next setting"), not every sun's entity alike."""
FRONT_DOOR: Final = ("front", "door")
FRONT_DOORS: Final[dict[tuple[str, ...], tuple[str, ...]]] = dict.fromkeys(
    (
        # The door one comes in by, in other languages: "현관문 잠가줘" (lock the front door),
        # "porte d'entrée", "Haustür", "puerta principal", "voordeur".
        *(("porte", "d", "entree"), ("haustur",), ("wohnungstur",), ("eingangstur",)),
        *(("puerta", "principal"), ("puerta", "de", "entrada"), ("porta", "d", "ingresso")),
        *(("porta", "di", "ingresso"), ("porta", "da", "frente"), ("voordeur",)),
        *(("ytterdorr",), ("entredorr",), ("drzwi", "wejsciowe")),
        *(("현관문",), ("前门",), ("前門",)),
        # Ukrainian and Russian: the entrance door ("вхідні двері", a plural noun).
        *(("вхідні", "двері"), ("вхідних", "дверей"), ("входная", "дверь")),
    ),
    FRONT_DOOR,
)
"""The words for a front door, as English names it: read as "front door" (folded)."""
BACK_DOORS: Final[dict[tuple[str, ...], tuple[str, ...]]] = dict.fromkeys(
    (("后门",), ("後門",), ("뒷문",), ("hintertur",), ("achterdeur",)), ("back", "door")
)
"""The words for a back door, read as "back door" (folded): not the front door (`OPPOSITES`)."""
NOT_DRYING: Final[dict[tuple[str, ...], tuple[str, ...]]] = dict.fromkeys(
    (
        # What never dries is damp ("the towels in the ensuite never dry"): the air's humidity.
        *(("never", dry) for dry in ("dry", "dries", "drying", "dried")),
        *(("not", "drying"), ("won", "t", "dry"), ("don", "t", "dry"), ("doesn", "t", "dry")),
        *(("wont", "dry"), ("dont", "dry"), ("doesnt", "dry"), ("never", "get", "dry")),
        *(("trocknet", "nie"), ("trocknen", "nie"), ("seche", "jamais"), ("sechent", "jamais")),
        *(("nunca", "se", "secan"), ("nunca", "se", "seca"), ("non", "si", "asciuga")),
        *(("drogen", "nooit"), ("droogt", "nooit")),
    ),
    ("damp",),
)
"""Saying something never dries (folded), read as "damp": a word of the humidity's class."""
WORKDAY_END: Final = "feierabend"
"""The end of the working day, as German names a routine for it ("Büro Feierabend": the office's
evening after work): what a person finishing work says is read as this word (`NAME_WORDS` holds
the other languages' words for it)."""
_WORKDAY_ENDS: Final = (
    # Saying one has finished work, in English, French, German, Dutch, Spanish and Italian.
    *(("finished", "work"), ("finish", "work"), ("finishing", "work"), ("finished", "working")),
    *(("done", "with", "work"), ("done", "working"), ("stopped", "working"), ("off", "work")),
    *(("knocking", "off"), ("knocked", "off"), ("clocking", "off"), ("clocked", "off")),
    *(("clocking", "out"), ("clocked", "out"), ("end", "of", "work"), ("after", "work")),
    *(("end", "of", "the", "workday"), ("end", "of", "the", "working", "day")),
    *(("end", "of", "the", "work", "day"), ("workday", "is", "over"), ("work", "is", "over")),
    *(("fin", "de", "journee"), ("fin", "de", "la", "journee"), ("fini", "de", "travailler")),
    *(("fini", "le", "travail"), ("fin", "du", "travail"), ("fini", "ma", "journee")),
    *(("arbeit", "ist", "vorbei"), ("dienstschluss",), ("arbeitsende",)),
    *(("klaar", "met", "werken"), ("klaar", "met", "werk"), ("einde", "werkdag")),
    *(("termine", "de", "trabajar"), ("acabe", "de", "trabajar"), ("fin", "de", "la", "jornada")),
    *(("finito", "di", "lavorare"), ("fine", "giornata"), ("fine", "della", "giornata")),
)
"""Ways of saying the working day is over (folded), each also followed by "for the day"."""
_FOR_THE_DAY: Final = ((), ("for", "the", "day"), ("for", "today"), ("for", "tonight"))
_LIKE: Final = (
    # Saying what a place is like, with an indefinite article only ("I'd like the sauna warm"
    # compares nothing), in English, French, German, Spanish, Italian and Dutch.
    *(("like", "a"), ("like", "an"), ("like", "in", "a"), ("like", "being", "in", "a")),
    *(("comme", "un"), ("comme", "une"), ("comme", "dans", "un"), ("comme", "dans", "une")),
    *(("wie", "ein"), ("wie", "eine"), ("wie", "im"), ("wie", "in", "der")),
    *(("wie", "in", "einem"), ("wie", "in", "einer")),
    *(("como", "un"), ("como", "una"), ("como", "en", "un"), ("como", "en", "una")),
    *(("come", "un"), ("come", "una"), ("come", "in", "un"), ("come", "in", "una")),
    *(("als", "een"), ("als", "in", "een")),
)
"""The words comparing a place with another ("the office is like a sauna"), folded."""
LIKENESSES: Final[dict[str, tuple[str, ...]]] = {
    # A place said to be like a hot one is too hot ("the office is like a sauna": its cooling),
    # like a cold one too cold; the feeling's remedy (`REMEDIES`) is what is asked for.
    "hot": (
        *("sauna", "oven", "furnace", "greenhouse", "hothouse", "desert", "four", "fournaise"),
        *("etuve", "serre", "hammam", "ofen", "backofen", "treibhaus", "gewachshaus", "horno"),
        *("invernadero", "desierto", "forno", "fornace", "serra", "deserto", "kas", "broeikas"),
        "woestijn",
    ),
    "cold": (
        *("fridge", "refrigerator", "freezer", "icebox", "igloo", "frigo", "refrigerateur"),
        *("congelateur", "glaciere", "kuhlschrank", "gefrierschrank", "iglu", "nevera"),
        *("refrigerador", "congelador", "frigorifero", "congelatore", "koelkast", "ijskast"),
        *("vriezer", "iglo"),
    ),
}
"""What a place is compared with (folded), by the feeling the comparison says."""
WAKING: Final = ("wake", "up")
"""Waking up, as a routine for it is named ("Wake up"): what an idiom for it is read as."""
_AWAKE: Final = (
    *(("i", "m", "up"), ("im", "up"), ("i", "am", "up"), ("i", "m", "awake")),
    *(("im", "awake"), ("i", "am", "awake"), ("ich", "bin", "wach"), ("ich", "bin", "auf")),
    *(("je", "suis", "reveille"), ("je", "suis", "reveillee"), ("je", "suis", "debout")),
    *(("estoy", "despierto"), ("estoy", "despierta"), ("ya", "me", "levante")),
    *(("sono", "sveglio"), ("sono", "sveglia"), ("ik", "ben", "wakker"), ("jag", "ar", "vaken")),
)
"""Saying one is up or awake (folded), in English, German, French, Spanish, Italian, Dutch and
Swedish."""
_WAKING_IDIOMS: Final = (
    # Idioms said to wake someone ("rise and shine"), in English, French, German and Spanish.
    *(("rise", "and", "shine"), ("wakey", "wakey"), ("up", "and", "at", "them")),
    *(("up", "and", "at", "em"), ("debout", "la", "dedans"), ("raus", "aus", "den", "federn")),
    *(("arriba", "dormilon"),),
    # Saying one is up ("morning, I'm up": the apostrophe folds to a space), or awake, in
    # English, German, French, Spanish, Italian, Dutch and Swedish, greeted first or not ("good
    # morning" alone is a routine's name, found by it).
    *(
        (*greeting, *awake)
        for greeting in ((), ("morning",), ("good", "morning"))
        for awake in _AWAKE
    ),
)
"""Idioms for waking up (folded), read as `WAKING`."""
BEDTIME: Final = ("good", "night")
"""Going to bed, as a routine for it is named ("Good night"): what saying so is read as."""
_GOING_TO_BED: Final = (
    # Going (up) to bed, in English, French, German, Spanish, Italian and Dutch: "I'm heading up
    # to bed", "je vais me coucher", "ich gehe ins Bett".
    *(
        (verb, *up, "to", "bed")
        for verb in ("going", "heading", "off", "go", "head", "headed", "gone", "went")
        for up in ((), ("up",))
    ),
    *(("turning", "in", "for", "the", "night"), ("hitting", "the", "sack")),
    *(("vais", "me", "coucher"), ("va", "se", "coucher"), ("allons", "nous", "coucher")),
    *(("gehe", "ins", "bett"), ("gehen", "ins", "bett"), ("geht", "ins", "bett")),
    *(("me", "voy", "a", "la", "cama"), ("me", "voy", "a", "dormir"), ("vado", "a", "letto")),
    *(("andiamo", "a", "letto"), ("ga", "naar", "bed"), ("gaan", "naar", "bed")),
)
"""Ways of saying one is going to bed (folded), read as `BEDTIME`."""
GOOD_NIGHTS: Final = tuple(
    tuple(fold(said).split())
    for said in (
        # "Good night" said in the languages whose words for it are not English's, French's
        # ("bonne nuit") or Japanese's ("おやすみ"), as an owner names a routine in one: a bare
        # "לילה טוב" (Hebrew) is the routine of going to bed, in whatever language it is named.
        *("gute nacht", "buenas noches", "buona notte", "buonanotte", "goede nacht"),
        *("welterusten", "god natt", "godnat", "god nat", "boa noite", "dobranoc"),
        *("dobrou noc", "dobrú noc", "hyvää yötä", "iyi geceler", "selamat malam"),
        *("selamat tidur", "καληνύχτα", "jó éjszakát", "noapte bună", "на добраніч"),
        *("спокойной ночи", "доброй ночи", "शुभ रात्रि"),
        *("تصبح على خير", "ليلة سعيدة", "לילה טוב", "chúc ngủ ngon", "ราตรีสวัสดิ์"),
        *("晚安", "잘 자", "안녕히 주무세요", "magandang gabi"),
    )
)
"""Good night in other languages (folded words), read as `BEDTIME`."""
MEAL: Final = ("dinner",)
"""The meal a table is laid for, as a routine for it is named ("Dinner"): what laying the table
is read as (a word of the dining room's too, `ROOM_WORDS`)."""
_LAYING_THE_TABLE: Final = (
    # Laying (or setting) the table, in English, French, German, Spanish, Italian, Dutch,
    # Portuguese and Swedish: "I'm laying the table", "je mets la table", "Tisch decken".
    # Not "set the table" ("set the table lamp to 50 %" asks for the lamp).
    *((verb, "the", "table") for verb in ("lay", "laying", "lays", "setting")),
    *((verb, "la", "table") for verb in ("mettre", "mets", "met", "mettons")),
    *(("den", "tisch", verb) for verb in ("decken", "decke", "deckt")),
    *(("tisch", verb) for verb in ("decken", "decke", "deckt")),
    *((verb, "la", "mesa") for verb in ("poner", "pongo", "pone", "poniendo")),
    *(("apparecchiare",), ("apparecchio", "la", "tavola"), ("apparecchiare", "la", "tavola")),
    *(("de", "tafel", "dekken"), ("tafel", "dekken"), ("dek", "de", "tafel")),
    *((verb, "a", "mesa") for verb in ("por", "ponho", "pondo")),
    *(("duka", "bordet"), ("dukar", "bordet"), ("dukar",)),
)
"""Ways of laying the table for a meal (folded), read as `MEAL`."""
CAMERA: Final = ("camera",)
"""What shows who is there: a camera."""
WHO_IS_THERE: Final[tuple[tuple[str, ...], ...]] = (
    # Asking who is at the door, or who rang ("the doorbell just went, who is it?"), in English,
    # French, German, Spanish, Italian, Dutch and Swedish (folded).
    *(("who", *be, there) for be in (("is",), ("s",), ()) for there in ("it", "there")),
    *(("whos", there) for there in ("it", "there")),
    *(("who", *be, "at", "the", place) for be in (("is",), ("s",)) for place in ("door", "gate")),
    *(("who", rang) for rang in ("rang", "knocked", "knocks", "rings")),
    *(("who", *be, "knocking") for be in (("is",), ("s",))),
    *(("qui", "est", "ce"), ("qui", "est", "la"), ("qui", "sonne"), ("qui", "a", "sonne")),
    *(("wer", "ist", "da"), ("wer", "ist", "das"), ("wer", "klingelt")),
    ("wer", "hat", "geklingelt"),
    *(("quien", "es"), ("quien", "esta", "ahi"), ("quien", "llama")),
    *(("chi", "e"), ("chi", "c", "e"), ("chi", "suona")),
    *(("wie", "is", "daar"), ("wie", "is", "het"), ("wie", "belt")),
    *(("vem", "ar", "det"), ("vem", "ringer")),
)
"""Asking who is there (folded words), which a camera answers (`CAMERA`): a question's way of
naming what answers it, as "is it dark out?" names the sun (`DAYLIGHT_QUESTIONS`)."""
SUN: Final = ("sun",)
"""What tells whether it is day or night outside: the sun."""
_DARK: Final = tuple(
    fold(word)
    for word in (
        *("dark", "sombre", "noir", "nuit", "dunkel", "oscuro", "noche", "buio", "notte"),
        *("donker", "mörkt", "escuro"),
        # Danish and Norwegian ("hvornår bliver det mørkt?": when does it get dark?), Polish,
        # Czech and Slovak, Finnish, Turkish, Indonesian, Greek, Hungarian, Romanian,
        # Ukrainian and Russian, Hindi, Arabic and Hebrew.
        *("mørkt", "mørk", "ciemno", "tma", "tmavo", "pimeä", "pimeää", "karanlık", "gelap"),
        *("σκοτάδι", "σκοτεινιάζει", "sötét", "întuneric", "темно", "стемніє", "стемнеет"),
        *("अंधेरा", "مظلم", "الظلام", "חושך", "חשוך"),
    )
)
"""Dark, or night, as said of outside (folded): not "light" ("the light outside" is a lamp)."""
_OUT: Final = ("out", "outside", "dehors", "draussen", "afuera", "fuera", "fuori", "buiten", "ute")
DAYLIGHT_QUESTIONS: Final[tuple[tuple[str, ...], ...]] = (
    # Whether it is dark or light outside ("is it dark out yet?", "fait-il nuit dehors",
    # "ist es schon dunkel draußen", "è buio fuori", "är det mörkt ute"), either way round: the
    # sun, not the light or the illuminance "dark" names in a room, nor "it's getting dark"
    # alone, which asks for light (folded).
    *((dark, out) for dark in _DARK for out in _OUT),
    *((out, dark) for dark in _DARK for out in _OUT if out != "out"),
)
"""Questions of daylight (folded words), which the sun answers (`SUN`)."""
WHEN: Final = frozenset(
    fold(word)
    for word in (
        *("when", "quand", "wann", "cuando", "cuándo", "quando", "wanneer", "när", "hvornår"),
        *("når", "kiedy", "kdy", "kedy", "milloin", "zaman", "kapan", "πότε", "mikor", "când"),
        *("коли", "когда", "कब", "متى", "מתי", "いつ", "什么时候", "什麼時候", "언제"),
    )
)
"""Asking when (folded): "when does it get dark?" asks when the sun sets (`_dark_when`)."""


def _dark_when(words: list[str]) -> list[str]:
    """Return `words` with darkness asked *when* said as the sun setting (`SUNSET`).

    "When does it get dark today?", "hvornår bliver det mørkt i dag?": the
    next sunset (or dusk), not a room's darkness (its light, its illuminance).
    """
    if WHEN.isdisjoint(words) or _DARK_WORDS.isdisjoint(words):
        return words
    fixed: list[str] = []
    for word in words:
        fixed += SUNSET if word in _DARK_WORDS else (word,)
    return fixed


_DARK_WORDS: Final = frozenset(_DARK) - {fold(word) for word in ("nuit", "noche", "notte", "noir")}
"""Dark as said of the day (folded): not the night ("when did the night light come on?")."""
HYPHENATED: Final[dict[tuple[str, ...], tuple[str, ...]]] = {
    # A word written with a hyphen, read as the one word the tables hold ("my in-laws are
    # staying": guests), not as its parts ("in" being a filler).
    ("in", "laws"): ("inlaws",),
}
"""Words written with a hyphen (folded, split at it), and the one word the tables say."""
SAID_IN_WORDS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {
    tuple(fold(said).split()): (word,)
    for word, saids in {
        # Vietnamese names a device or a measure in several words ("máy hút ẩm": the machine
        # that draws out damp, a dehumidifier; "nhiệt độ": temperature): the one word of the
        # tables they say.
        "dehumidifier": ("máy hút ẩm", "máy hút độ ẩm"),
        "humidifier": ("máy tạo ẩm", "máy tạo độ ẩm"),
        "temperature": (
            "nhiệt độ",
            # Other languages' one word for it, said as written only (a typo of a short word
            # is another's: "suhu" and "shut", "lämpötila" and "lamp"): Indonesian and Malay
            # ("berapa suhu di kamar tamu?"), Hindi ("डाइनिंग रूम का तापमान"), Czech and
            # Slovak, Finnish, Turkish, Hungarian, Greek, Ukrainian and Russian, Hebrew, Arabic
            # and Thai.
            *("suhu", "तापमान", "teplota", "lämpötila", "sıcaklık", "hőmérséklet"),
            *("θερμοκρασία", "температура", "טמפרטורה", "درجة الحرارة", "อุณหภูมิ"),
        ),
        "humidity": (
            "độ ẩm",
            # As the temperature's, in the same languages.
            *("kelembapan", "kelembaban", "नमी", "आर्द्रता", "vlhkost", "vlhkosť"),
            *("kosteus", "páratartalom", "υγρασία", "вологість", "влажность", "رطوبة"),
        ),
        "light": ("đèn",),
        # Heating, in languages an English name or alias ("Heating") is not said in: Catalan
        # ("apuja la calefacció": turn the heating up), Portuguese, Dutch, Polish, Czech and
        # Slovak, Finnish, Turkish, Hungarian, Greek, Russian, Ukrainian, Serbian and Croatian.
        "heating": (
            *("calefacció", "aquecimento", "verwarming", "ogrzewanie", "topení", "kúrenie"),
            *("lämmitys", "ısıtma", "fűtés", "θέρμανση", "отопление", "опалення", "grijanje"),
        ),
        # A window: the door of the ... ("mở cửa sổ phòng khách": open the living room window).
        "window": ("cửa sổ",),
        # A mode ("bật chế độ khách": turn on guest mode).
        "mode": ("chế độ",),
    }.items()
    for said in saids
}
"""A device or a measure said in several words (folded), and the tables' one word for it."""
TODAY: Final[dict[tuple[str, ...], tuple[str, ...]]] = dict.fromkeys(
    # Danish, Norwegian and Swedish "today", in two words ("i dag": in day): not a room's "dag".
    (("i", "dag"), ("idag",)),
    ("today",),
)
"""Today said in words that are no other of the tables' (folded)."""
AIR_QUALITY_SAID: Final[dict[tuple[str, ...], tuple[str, ...]]] = dict.fromkeys(
    (
        tuple(fold(said).split())
        for said in (
            # The quality of air, said in its case (of the air) in Czech and Slovak ("jaká je
            # kvalita vzduchu?"), Polish, Finnish, Turkish, Indonesian, Greek, Hungarian,
            # Romanian, Ukrainian and Russian, Hindi, Arabic, Hebrew, Vietnamese and Danish.
            *("kvalita vzduchu", "jakość powietrza", "ilmanlaatu", "hava kalitesi"),
            *("kualitas udara", "ποιότητα αέρα", "ποιότητα του αέρα", "levegőminőség"),
            *("calitatea aerului", "якість повітря", "качество воздуха", "वायु गुणवत्ता"),
            *("جودة الهواء", "איכות אוויר", "איכות האוויר", "chất lượng không khí"),
            *("luftkvalitet", "luftkvaliteten"),
        )
    ),
    ("air", "quality"),
)
"""The air's quality said in other languages (folded), read as English says it (`COMPOUNDS`)."""
SUCCESSFUL: Final = ("successful",)
"""What went well, as Home Assistant names a last good run ("Last successful automatic backup")."""
WENT_WELL: Final = (
    # Whether something went well ("did last night's backup go through?").
    *(("go", "through"), ("went", "through"), ("gone", "through"), ("goes", "through")),
    *(("succeed",), ("succeeded",), ("succeeds",), ("go", "ok"), ("go", "okay")),
    *(("go", "well"), ("went", "well")),
)
"""Ways of saying something went well (folded), read as `SUCCESSFUL`."""
PAST_TIMES: Final = (
    # When something happened, said as a time past, which names nothing of the house ("did last
    # night's backup go through?": not the Good night routine).
    *(("last", "night"), ("last", "night", "s"), ("yesterday",), ("yesterday", "s")),
    *(("last", "week"), ("last", "weekend")),
)
"""Times past (folded words), dropped."""
SCHEDULED: Final = ("scheduled",)
"""What is to come, as Home Assistant names a next run ("Next scheduled automatic backup")."""
TO_COME: Final = (
    # Asking when something next happens ("when's the next backup?"): "next" alone is a
    # filler ("the lamp next to the bed"), "the next" is what is scheduled.
    *(("the", "next"), ("upcoming",), ("prochaine",), ("prochain",), ("nachste",)),
)
"""Ways of saying what comes next (folded), read as `SCHEDULED` (and "next", which the names
say: a filler dropped where it names nothing)."""
WEATHER: Final = ("weather",)
"""What a question of rain to come asks: the weather (its forecast)."""
_RAIN_TO_COME: Final = (
    # Asking whether it will rain ("is it going to rain?"), not the rain itself ("keep the rain
    # off the patio": an awning), in English, French, German, Spanish, Italian, Portuguese,
    # Dutch and Swedish.
    *(("going", "to", "rain"), ("gonna", "rain"), ("will", "it", "rain"), ("raining",)),
    *(("pleuvoir",), ("pleuvra",), ("pleut",), ("regnen",), ("regnet",), ("llover",)),
    *(("llovera",), ("llueve",), ("piovere",), ("piovera",), ("piove",), ("chover",)),
    *(("chovera",), ("chove",), ("regenen",), ("regent",), ("regna",), ("regnar",)),
)
"""Questions of rain (folded), read as `WEATHER`."""
_WASHING_OUT: Final = tuple(
    # Hanging the washing out to dry, a chore the weather decides ("I'm hanging the washing out,
    # is it going to rain?").
    said
    for verb in ("hang", "hanging", "put", "putting")
    for washing in ("washing", "laundry")
    for said in (
        (verb, "the", washing, "out"),
        (verb, "out", "the", washing),
        (verb, "the", washing, "on", "the", "line"),
    )
)
"""Hanging the washing out (folded), read as `WEATHER`."""
TEMPERATURE_ASKED: Final = (
    # French asks the temperature as how much it makes ("il fait combien dans la cave ?"),
    # Spanish and Italian as how many degrees it makes (not "¿cuánto hace?": how long ago).
    *(("fait", "combien"), ("combien", "fait"), ("fait", "il", "combien")),
    *(("cuantos", "grados", "hace"), ("quanti", "gradi", "fa")),
)
"""Ways of asking the temperature with no word of it (folded), read as "temperature"."""
SAID_AS: Final[dict[tuple[str, ...], tuple[str, ...]]] = {
    **SUN_EVENTS,
    **FRONT_DOORS,
    **BACK_DOORS,
    **NOT_DRYING,
    **{
        (*like, place): (COMPLAINTS[0], feeling)
        for feeling, places in LIKENESSES.items()
        for place in places
        for like in _LIKE
    },
    **dict.fromkeys(_WAKING_IDIOMS, WAKING),
    **dict.fromkeys(_LAYING_THE_TABLE, MEAL),
    **dict.fromkeys(_GOING_TO_BED, BEDTIME),
    **dict.fromkeys(GOOD_NIGHTS, BEDTIME),
    **SAID_IN_WORDS,
    **dict.fromkeys(WHO_IS_THERE, CAMERA),
    **dict.fromkeys(DAYLIGHT_QUESTIONS, SUN),
    **HYPHENATED,
    **TODAY,
    **AIR_QUALITY_SAID,
    **dict.fromkeys(WENT_WELL, SUCCESSFUL),
    **dict.fromkeys(PAST_TIMES, ()),
    **dict.fromkeys(TO_COME, ("next", *SCHEDULED)),
    **dict.fromkeys(TEMPERATURE_ASKED, ("temperature",)),
    **dict.fromkeys(_RAIN_TO_COME, WEATHER),
    **dict.fromkeys(_WASHING_OUT, WEATHER),
    **{(*said, *after): (WORKDAY_END,) for said in _WORKDAY_ENDS for after in _FOR_THE_DAY},
}
"""What people say (folded words), and the words the house's entities name it by."""
_SAID_LONGEST: Final = max(map(len, SAID_AS))


def _said_as(words: list[str]) -> list[str]:
    """Return `words` with each phrase of `SAID_AS` said as the words it stands for."""
    fixed: list[str] = []
    index = 0
    while index < len(words):
        for size in range(min(_SAID_LONGEST, len(words) - index), 0, -1):
            said = SAID_AS.get(tuple(words[index : index + size]))
            if said is not None:
                fixed += said
                index += size
                break
        else:
            fixed.append(words[index])
            index += 1
    return fixed


REQUESTS: Final[dict[tuple[str, ...], str]] = {
    # Asking a place to be made warmer or cooler: the remedy's word (`REMEDIES`), as a request
    # (`powered_words`): "warm up the sauna", "cool down the office", "die Sauna vorheizen".
    **dict.fromkeys((("warm", "up"), ("heat", "up"), ("preheat",)), "heat"),
    **dict.fromkeys((("aufheizen",), ("aufwarmen",), ("vorheizen",), ("rechauffer",)), "heat"),
    **dict.fromkeys((("calentar",), ("calienta",), ("riscaldare",), ("riscalda",)), "heat"),
    **dict.fromkeys((("aquecer",), ("aquece",), ("opwarmen",), ("verwarmen",)), "heat"),
    **dict.fromkeys((("cool", "down"), ("cool", "off"), ("abkuhlen",)), "cool"),
    **dict.fromkeys((("rafraichir",), ("enfriar",), ("raffreddare",), ("arrefecer",)), "cool"),
}
"""Requests to warm or cool a place, and the remedy each asks for (folded): verbs of doing it,
not a feeling ("warm" alone is no request: "warm white light", "how warm is it")."""


def _request_at(words: Sequence[str], index: int) -> tuple[int, str] | None:
    """Return the length and remedy of the `REQUESTS` phrase at `index` in `words`, if any."""
    for size in (2, 1):
        phrase = tuple(words[index : index + size])
        if len(phrase) == size and (remedy := REQUESTS.get(phrase)) is not None:
            return size, remedy
    return None


def _requests(words: list[str]) -> list[str]:
    """Return `words` with a request to warm or cool a place as its remedy (`REQUESTS`)."""
    fixed: list[str] = []
    index = 0
    while index < len(words):
        if (found := _request_at(words, index)) is not None:
            fixed.append(found[1])
            index += found[0]
        else:
            fixed.append(words[index])
            index += 1
    return fixed


POWERED: Final = "switch"
"""What powers a heater or a fan a place holds no device of its own for: its switch (a plug)."""


def powered_words(query: str, words: Sequence[str]) -> tuple[str, ...] | None:
    """Return `words` with the remedy a request asks for said as `POWERED`, or None.

    "warm up the sauna": the sauna holds no heater of its own, so what powers
    it there (its plug). None when the query asks nothing (`REQUESTS`) or
    is a question.
    """
    if asks_state(query):
        return None
    said = fold(_PERCENT_SIGN.sub(r"\1 percent", query)).split()
    remedies = {
        found[1] for index in range(len(said)) if (found := _request_at(said, index)) is not None
    }
    if not remedies.intersection(words):
        return None
    return tuple(POWERED if word in remedies else word for word in words)


ACTIVITIES: Final[dict[str, frozenset[str]]] = {
    "light": frozenset(
        fold(word)
        for word in (
            *("read", "reading", "lire", "lesen", "leer", "leggere", "ler", "lezen", "läsa"),
            *("czytać", "読書", "看书", "看書", "독서", "читать"),
        )
    ),
}
"""What a request to do something needs, by the word naming it: reading needs light ("I want to
read in bed": the bed's light). Only in a request ("what does the thermometer read?" asks it)."""


MODE_NOUNS: Final = frozenset(
    {
        *("mode", "modus", "modo", "lage", "tryb", "モード"),
        # Czech and Slovak, Turkish and Romanian, Hungarian, Finnish, Greek, Russian and
        # Ukrainian, Hindi, Arabic, Hebrew, Thai, and Vietnamese's "chế độ" (`SAID_IN_WORDS`).
        *("rezim", "mod", "mód", "tila", "λειτουργια", "режим", "मोड", "وضع", "מצב", "โหมด"),
    }
)
"""A mode (folded), as a routine is named by what it is for ("reading mode")."""
_NAMING_NOUNS: Final = ROOM_NOUNS | MODE_NOUNS


def _activities(words: list[str]) -> list[str]:
    """Return `words` with each activity of `ACTIVITIES` said as what it needs.

    Not an activity naming a room or a mode, before a word for a room (`ROOM_NOUNS`: "the relay
    in the reading room" is the library's) or a mode (`MODE_NOUNS`: "reading mode" is a routine
    called Reading).
    """
    for need, doing in ACTIVITIES.items():
        if not doing.isdisjoint(words):
            words = [
                need
                if word in doing
                and (index + 1 == len(words) or words[index + 1] not in _NAMING_NOUNS)
                else word
                for index, word in enumerate(words)
            ]
    return words


WAKE_WORDS: Final = (
    ("alexa",),
    ("hey", "alexa"),
    ("siri",),
    ("hey", "siri"),
    ("ok", "google"),
    ("okay", "google"),
    ("hey", "google"),
    # Home Assistant's own wake words (openWakeWord's: "Hey Rhasspy, reading mode").
    *(("ok", "nabu"), ("okay", "nabu"), ("hey", "nabu"), ("hey", "jarvis")),
    *(("hey", "mycroft"), ("hey", "rhasspy")),
)
"""The words calling a voice assistant, first in what is said to it ("alexa, skip this song"):
they name nothing of the house (folded)."""


CALLED: Final = re.compile(
    r"^\s*(?:(?:hey|hi|hello|ok|okay)\s+[^\W\d_]+|echo|computer|cortana|bixby|jarvis)\s*[,，:!]",
    re.IGNORECASE,
)
"""An assistant called by name first, before a comma ("Hey Cortana, …", "Echo, …"): "hey" or
"ok" and any one word, or a name assistants answer to alone; it names nothing of the house. A
name that is also a device's ("Echo") only with the comma that says it is called."""
SKILL_VERBS: Final = frozenset({"ask", "tell"})
"""What calls a voice assistant's skill by its name after the wake word ("Alexa, ask Home
Assistant to …", "Alexa, tell Home Assistant to …") (folded)."""
SKILL_ENDS: Final = frozenset({"to", "if", "whether"})
"""The word ending a skill's name, before what the skill is asked ("… ask Home Assistant to turn
off the lights") (folded)."""
SKILL_NAME_LONGEST: Final = 4
"""The most words a skill's name is read as ("ask My Home Assistant to")."""


def _without_wake(words: list[str]) -> list[str]:
    """Return `words` without the `WAKE_WORDS` they start with (the longest), if any.

    After a wake word, the skill it calls by name ("Alexa, ask Home Assistant to …") is no
    device either: "ask" or "tell", up to `SKILL_NAME_LONGEST` words, then "to", are left out.
    """
    for wake in sorted(WAKE_WORDS, key=len, reverse=True):
        if len(words) > len(wake) and tuple(words[: len(wake)]) == wake:
            return _without_skill(words[len(wake) :])
    return words


def _without_skill(words: list[str]) -> list[str]:
    """Return `words` said after a wake word without the skill they call (`SKILL_VERBS`)."""
    if not words or words[0] not in SKILL_VERBS:
        return words
    for end in range(2, min(len(words) - 1, SKILL_NAME_LONGEST + 1) + 1):
        if words[end] in SKILL_ENDS:
            return words[end + 1 :]
    return words


LET_IN: Final = "unlock"
"""What letting someone in asks for: the door's lock (a `COMMAND_WORDS` word of a lock; the
gate asks a person before it opens)."""
LET_IN_VERBS: Final = frozenset(
    {
        *("let", "lass", "lasst", "lasse", "laisse", "laissez", "fais", "faites", "deja"),
        *("dejala", "dejalo", "dejalos", "lascia", "lasciali", "fallo", "falla", "laat"),
    }
)
LET_IN_WHO: Final = frozenset(
    {"them", "him", "her", "us", "me", "sie", "ihn", "les", "le", "la", "lo", "li", "hem", "ze"}
)
LET_IN_ENDS: Final = frozenset(
    {"in", "inside", "rein", "herein", "entrer", "entrar", "entrare", "binnen"}
)
LET_IN_WORDS: Final = frozenset({"reinlassen", "hereinlassen", "binnenlaten"})
"""Letting someone in: a `LET_IN_VERBS` word, at most one `LET_IN_WHO` word, a `LET_IN_ENDS`
word ("let them in", "lass sie rein", "fais-les entrer"), or one of these words (folded)."""
VEHICLES: Final = frozenset(
    fold(word)
    for word in (
        *("car", "cars", "van", "truck", "lorry", "pickup", "suv", "motorbike", "motorcycle"),
        *("voiture", "camionnette", "moto", "auto", "wagen", "transporter", "motorrad"),
        *("coche", "carro", "furgoneta", "macchina", "furgone", "bil", "samochod", "auta"),
    )
)
"""What is driven in: letting one in ("let the car in", "lass das Auto rein", "fais entrer la
voiture") asks for what a vehicle comes in by (`LET_IN_VEHICLE`), not a door's lock (folded)."""
LET_IN_VEHICLE: Final = ("open", "garage", "gate")
"""What letting a vehicle in asks for: to open the garage (its room, or a garage door) or the
gate (a cover's device classes, `DEVICE_CLASS_WORDS`)."""
DETERMINERS: Final = frozenset(
    {"the", "my", "our", "your", "his", "her", "their", "das", "den", "die", "la", "le", "el"}
    | {"il", "o", "a", "mon", "ma", "notre", "mein", "meinen", "unser", "unseren", "mi", "mio"}
)
"""Words before what is let in ("the car", "das Auto", "la voiture"; folded)."""


def _vehicle_at(words: Sequence[str], index: int) -> int | None:
    """Return how many words at `index` say a vehicle (`VEHICLES`, after a determiner), if any."""
    size = 1 if index < len(words) and words[index] in DETERMINERS else 0
    if index + size < len(words) and words[index + size] in VEHICLES:
        return size + 1
    return None


def _let_in(words: list[str]) -> list[str]:
    """Return `words` with a request to let someone in said as `LET_IN`.

    Letting a vehicle in, said before or after the word ending the request
    ("let the car in", "fais entrer la voiture"), as `LET_IN_VEHICLE`.
    """
    fixed: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word in LET_IN_WORDS:
            fixed.append(LET_IN)
            index += 1
            continue
        if word in LET_IN_VERBS:
            after = index + 1
            vehicle = _vehicle_at(words, after)
            if vehicle is not None:
                after += vehicle
            elif after < len(words) and words[after] in LET_IN_WHO:
                after += 1
            if after < len(words) and words[after] in LET_IN_ENDS:
                after += 1
                if vehicle is None and (vehicle := _vehicle_at(words, after)) is not None:
                    after += vehicle
                fixed += LET_IN_VEHICLE if vehicle is not None else (LET_IN,)
                index = after
                continue
        fixed.append(word)
        index += 1
    return fixed


PLACE_WORDS: Final = frozenset({"in", "nella", "nel", "della", "dalla", "alla", "sulla"})
"""Words saying where, before a room's name (folded)."""
ENGLISH_ARTICLES: Final = frozenset({"the", "my", "our", "your", "this", "that"})
"""English words before a noun (folded): what follows them is no German article."""

ROOMS_AFTER_PLACE: Final[dict[str, tuple[frozenset[str], tuple[str, ...]]]] = {
    # Italian: "in camera" is in the bedroom ("camera da letto"); "camera" alone a camera.
    "camera": (PLACE_WORDS, ("camera", "letto")),
    # American English: "the den" is a study; "den" alone is a German or Scandinavian article.
    "den": (ENGLISH_ARTICLES, ("study",)),
}
"""Words naming a room only after one of the words given, and the room's words they stand for
(as `ROOM_WORDS` reads them: "camera da letto", fillers dropped)."""


def _rooms_after_place(words: list[str]) -> list[str]:
    """Return `words` with a word of `ROOMS_AFTER_PLACE` said after its words as its room."""
    if ROOMS_AFTER_PLACE.keys().isdisjoint(words[1:]):
        return words
    fixed: list[str] = []
    for index, word in enumerate(words):
        before, room = ROOMS_AFTER_PLACE.get(word, (frozenset(), ()))
        if index and words[index - 1] in before:
            fixed += room
        else:
            fixed.append(word)
    return fixed


CLOTHES: Final = frozenset(
    fold(word)
    for word in (
        *("jacket", "coat", "sweater", "jumper", "scarf", "gloves", "raincoat", "parka"),
        *("veste", "manteau", "blouson", "écharpe", "jacke", "mantel", "pullover", "schal"),
        *("chaqueta", "abrigo", "bufanda", "giacca", "giubbotto", "cappotto", "maglione"),
        *("jas", "jaqueta", "casaco", "jacka", "kappa", "kurtka", "płaszcz", "sweter"),
        *("куртка", "куртку", "пальто", "コート", "上着", "ジャケット", "外套", "夹克", "재킷"),
        *("외투", "코트"),
    )
)
"""What one wears against the weather: asking whether one needs it ("do I need a jacket?")
asks how warm it is outside (folded)."""
OUTSIDE_TEMPERATURE: Final = ("outside", "temperature")
"""The words `CLOTHES` stand for: outside (a garden's word, `ROOM_WORDS`), its temperature."""


CLOSING_OR_LOCKING: Final = frozenset(
    fold(word)
    for word in (
        # Polish, Russian and Ukrainian say closing and locking with one verb ("zamknij okna":
        # close the windows; "zamknij drzwi": lock the door); Czech's is a lock's.
        *("zamknij", "zamknąć", "zamknijcie", "закрой", "закрыть", "закрий", "закрити"),
    )
)
"""Verbs both of closing and of locking, read by what they are said of (`_closing_or_locking`)."""
_LOCKED_THINGS: Final = frozenset({"lock", "door", "gate", "garage", "garage_door"})
"""The kinds (of `DOMAIN_WORDS`, `DEVICE_CLASS_WORDS`) a verb of `CLOSING_OR_LOCKING` locks."""


def _closing_or_locking(words: list[str]) -> list[str]:
    """Return `words` without a verb of closing or locking said of what only closes.

    "zamknij wszystkie okna" (close all the windows): the windows, not a lock
    (the verb is one letter from Czech's "zamkni", lock). Said of a door, or
    of nothing, it stays a lock's word.
    """
    if CLOSING_OR_LOCKING.isdisjoint(words):
        return words
    closes = any(
        word in said
        for kind, said in (*DOMAIN_WORDS.items(), *DEVICE_CLASS_WORDS.items())
        if kind not in _LOCKED_THINGS
        for word in words
        if word not in CLOSING_OR_LOCKING
    )
    return [word for word in words if word not in CLOSING_OR_LOCKING] if closes else words


def _clothes(words: list[str]) -> list[str]:
    """Return `words` with what one wears against the weather said as `OUTSIDE_TEMPERATURE`."""
    if CLOTHES.isdisjoint(words):
        return words
    fixed: list[str] = []
    for word in words:
        fixed += OUTSIDE_TEMPERATURE if word in CLOTHES else (word,)
    return list(dict.fromkeys(fixed)) if len(fixed) != len(set(fixed)) else fixed


def complaint_measures(query: str, words: Sequence[str]) -> tuple[str, ...] | None:
    """Return `words` with each remedy of a complaint in `query` said as what it is about.

    "the wine is getting too warm": "cool" (`REMEDIES`) is "temperature"
    (`REMEDY_MEASURES`). None when no word is a remedy the query did not say
    itself ("turn on the light" says "light"; "too dark" does not).
    """
    said = set(fold(query).split())
    if not any(word in REMEDY_MEASURES and word not in said for word in words):
        return None
    return tuple(
        REMEDY_MEASURES[word] if word in REMEDY_MEASURES and word not in said else word
        for word in words
    )


CLAUSE_ENDS: Final = re.compile("[,;，；]")
"""What ends a clause of a query ("working from home today, warm up the office")."""
EVERY_ONE: Final = frozenset(
    {
        *("everything", "all", "every", "anything", "tout", "tous", "toutes", "alles"),
        *("todo", "todos", "todas", "tutto", "tutti", "tutte", "allt", "alla", "alt"),
        *("wszystko", "tudo", "overal"),
    }
)
"""Words asking of every one of a kind, in the whole house ("is everything locked up?"; folded)."""


_PLACE_LONGEST: Final = 4
"""The most words of a place said in a circumstance before what is asked (`asked_clause`)."""


def asked_clause(query: str, names_place: Callable[[str], bool]) -> str:
    """Return `query` from its clause asking for a remedy on, without the circumstance before it.

    "working from home today, warm up the office": "warm up the office"; "the
    baby can't sleep, it's too stuffy in the bedroom": "it's too stuffy in the
    bedroom". Only a clause after the first that asks for a remedy (a request,
    `REQUESTS`, or a complaint, `REMEDIES`: `complaint_measures`) and, with the
    clauses after it, names a place (`names_place`), or whose place the
    circumstance says ("the plants in the study are wilting, is the air too
    dry?": "is the air too dry study?", the fewest words naming it); else
    `query` as it is. A
    question after the first clause that asks of every one of a kind, in the
    whole house (`EVERY_ONE`: "I'm off to bed, is everything locked up?"), is
    read alone: the clause before it says why it is asked, not where.
    """
    clauses = CLAUSE_ENDS.split(query)
    for index in range(1, len(clauses)):
        clause = clauses[index]
        words = query_words(clause)
        if (
            asks_state(clause)
            and not EVERY_ONE.isdisjoint(fold(clause).split())
            and domains_named(words, commands=False)
        ):
            return ",".join(clauses[index:])
        if complaint_measures(clause, words) is None:
            continue
        asked = ",".join(clauses[index:])
        if names_place(asked):
            return asked
        place = _place_said(clauses[:index], names_place)
        return _with_place(asked, place) if place else query
    return query


def _place_said(clauses: Sequence[str], names_place: Callable[[str], bool]) -> str | None:
    """Return the fewest words of `clauses` that name a place (the first such), if any."""
    words = [word for clause in clauses for word in query_words(clause)]
    for length in range(1, min(len(words), _PLACE_LONGEST) + 1):
        for start in range(len(words) - length + 1):
            if names_place(span := " ".join(words[start : start + length])):
                return span
    return None


def _with_place(asked: str, place: str) -> str:
    """Return the clause `asked` with `place` said at its end, before its question mark."""
    body = asked.strip()
    end = len(body.rstrip("?？!.。"))
    return f"{body[:end]} {place}{body[end:]}"


EXCEPT: Final = re.compile(
    r"(?<!\w)(?:"
    # English, French, German, Spanish, Italian, Dutch, Portuguese, Swedish, Danish, Norwegian
    # and Polish: "every light except the bedroom one", "toutes les lumières sauf la cuisine".
    r"except(?:\s+for)?|excluding|apart\s+from|other\s+than|but\s+not"
    r"|sauf|except[ée]|hormis|à\s+part|au(?:ß|ss)er|bis\s+auf|ausgenommen"
    r"|excepto|salvo|tranne|eccetto|fuorch[ée]|behalve|uitgezonderd|exceto"
    r"|utom|f[öo]rutom|undtagen|unntatt|opr[óo]cz|z\s+wyj[ąa]tkiem"
    r")(?!\w)",
    re.IGNORECASE,
)
"""What says the words after it, to the clause's end, are left out of what is asked ("à part"
only with its accent: "a part of the garden" is English)."""


def except_clause(query: str) -> tuple[str, str]:
    """Return `query` without what it leaves out ("… except the bedroom one"), and that.

    The words after an `EXCEPT` word, to the end of their clause, are what is
    left out; the query is what is said before and after them. With nothing
    said before it or left out after it, `query` as it is and "".
    """
    found = EXCEPT.search(query)
    if found is None:
        return query, ""
    before, rest = query[: found.start()], query[found.end() :]
    end = CLAUSE_ENDS.search(rest)
    left_out, after = (rest[: end.start()], rest[end.start() :]) if end else (rest, "")
    if not fold(before) or not fold(left_out):
        return query, ""
    return f"{before.rstrip()}{after}", left_out.strip()


ASKED_ROOMS: Final = frozenset(
    {*("room", "rooms", "piece", "zimmer", "raum", "habitacion", "stanza", "kamer", "rum")}
)
"""Words for a room that, after a question word ("which room uses the most electricity?",
"quelle pièce", "welches Zimmer"), ask which room rather than name one (folded)."""


def _asked_rooms(words: list[str]) -> list[str]:
    """Return `words` without a room's word asked about ("which room"): it names no room."""
    return [
        word
        for index, word in enumerate(words)
        if not (index and word in ASKED_ROOMS and words[index - 1] in QUESTION_WORDS)
    ]


SYMPTOMS: Final[tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]] = (
    # Plants going dry ask to be watered: "the grass out front is turning brown" (the garden's
    # valve, not the mower the grass names), "la pelouse est sèche", "der Rasen ist braun".
    (
        "water",
        (
            *("brown", "yellow", "dry", "dried", "parched", "wilting", "wilted", "withered"),
            *("thirsty", "sec", "seche", "jaune", "fane", "fanee", "braun", "gelb", "trocken"),
            *("vertrocknet", "verdorrt", "welk", "seco", "seca", "marron", "amarillo"),
            *("marchito", "marchita", "secco", "secca", "marrone", "giallo", "appassito"),
            *("castanho", "murcho", "murcha", "bruin", "droog", "verdord", "torr", "brun"),
        ),
        (
            *("grass", "lawn", "plant", "plants", "flower", "flowers", "garden", "hedge"),
            *("herbe", "gazon", "pelouse", "plante", "plantes", "fleurs", "jardin", "gras"),
            *("rasen", "pflanze", "pflanzen", "blumen", "garten", "hecke", "cesped", "hierba"),
            *("planta", "plantas", "flores", "jardin", "erba", "prato", "piante", "fiori"),
            *("giardino", "relva", "grama", "jardim", "gazon", "tuin", "planten", "gras"),
            *("grasmatta", "tradgard", "vaxter", "trawa", "trawnik", "rosliny", "ogrod"),
        ),
    ),
    # Glare asks for a blind: "there's glare on the TV in the lounge" (the lounge's blind, not
    # its TV), "ça éblouit", "die Sonne blendet".
    (
        "blind",
        (
            *("glare", "glaring", "dazzle", "dazzling", "eblouissement", "eblouit", "reflet"),
            *("reflets", "blendung", "blendet", "reflejo", "reflejos", "deslumbra"),
            *("riflesso", "riflessi", "abbaglia", "reflexo", "reflexos", "schittering"),
        ),
        (),
    ),
    # A draught asks for the window (or the door) left open: "there's a draught in the living
    # room" (its window), "es zieht" said as Zugluft, "c'è uno spiffero", "het tocht".
    (
        "window",
        (
            *("draught", "draughts", "draughty", "draft", "drafts", "drafty", "zugluft"),
            *("zugig", "spiffero", "spifferi", "tocht", "tochtig", "przeciąg"),
        ),
        (),
    ),
    # Condensation asks for the dehumidifier: "there's condensation all over the windows
    # again" (not the windows it is on), "les vitres sont pleines de buée", "die Fenster sind
    # beschlagen", in English, French, German, Spanish, Italian, Dutch, Swedish and Polish.
    (
        "dehumidifier",
        (
            *("condensation", "condensed", "buee", "kondenswasser", "beschlagen"),
            *("condensacion", "empanado", "empanados", "condensa", "condensazione"),
            *("appannato", "appannati", "condens", "condensatie", "beslagen", "kondens"),
            *("immig", "kondensacja", "zaparowane", "zaparowana"),
        ),
        (),
    ),
    # Hot water gone cold asks for the water heater: "the shower's gone cold" (not the
    # thermostats "cold" names), "la douche est froide", "die Dusche ist kalt".
    (
        "boiler",
        (
            *("cold", "lukewarm", "tepid", "freezing", "icy", "froid", "froide", "tiede"),
            *("kalt", "lauwarm", "fria", "frio", "tibia", "fredda", "freddo", "tiepida"),
            *("koud", "lauw", "kall", "ljummen"),
        ),
        ("shower", "showers", "douche", "douches", "dusche", "ducha", "doccia", "dusch"),
    ),
    # Hot water, missed: "there's no hot water", "pas d'eau chaude", "kein warmes Wasser" (not
    # the thermostats "hot" and "warm" name), in English, French, German, Spanish, Italian,
    # Dutch and Swedish.
    (
        "boiler",
        (
            *("hot", "warm", "chaude", "warmes", "heisses", "warmem", "caliente", "calda"),
            *("warme", "varmt", "varmvatten", "warmwater", "warmwasser"),
        ),
        ("water", "eau", "wasser", "agua", "acqua", "vatten", "varmvatten", "warmwasser"),
    ),
    # A dirty floor asks for the vacuum: "there are crumbs all over the kitchen floor" (the
    # vacuum, not the kitchen's lights), "des miettes par terre", "Krümel auf dem Boden".
    (
        "vacuum",
        (
            *("crumbs", "crumb", "dirt", "dirty", "dust", "dusty", "mud", "muddy", "sand"),
            *("hair", "fur", "miettes", "poussiere", "sale", "krumel", "schmutz", "schmutzig"),
            *("dreck", "dreckig", "staub", "migas", "sucio", "sucia", "polvo", "briciole"),
            *("sporco", "sporca", "polvere", "kruimels", "vies", "stof", "smulor", "smutsigt"),
            *("damm", "okruchy", "brud", "brudno", "kurz"),
        ),
        (
            *("floor", "floors", "carpet", "carpets", "rug", "rugs", "sol", "tapis", "boden"),
            *("teppich", "suelo", "alfombra", "pavimento", "tappeto", "vloer", "tapijt", "golv"),
            *("golvet", "matta", "mattan", "podloga", "podlodze", "dywan", "chao", "tapete"),
        ),
    ),
)
"""What a symptom asks for: (the remedy's word, the symptom's words, what it is said of; none:
anything). The symptom is read as the remedy's word, and a word naming another kind (what
suffers it: the grass, the TV) is dropped (`_symptoms`)."""


@lru_cache(maxsize=1)
def _symptom_table() -> tuple[tuple[str, frozenset[str], frozenset[str], frozenset[str]], ...]:
    """Return `SYMPTOMS` folded, each with the words of the kinds its remedy names."""
    table = []
    for remedy, signs, subjects in SYMPTOMS:
        own = {
            word
            for words in (*DOMAIN_WORDS.values(), *DEVICE_CLASS_WORDS.values())
            if remedy in words
            for word in words
        }
        table.append(
            (remedy, frozenset(map(fold, signs)), frozenset(map(fold, subjects)), frozenset(own))
        )
    return tuple(table)


def _symptoms(words: list[str]) -> list[str]:
    """Return `words` with a symptom ("turning brown" said of grass, "glare") as its remedy.

    The words naming a kind other than the remedy's are dropped: what
    suffers the symptom is not what the query asks for.
    """
    for remedy, signs, subjects, own in _symptom_table():
        if signs.isdisjoint(words) or (subjects and subjects.isdisjoint(words)):
            continue
        kinds = _kind_table_words()
        # A kind said in the plural ("condensation all over the windows") is that kind too.
        return [
            remedy if word in signs else word
            for word in words
            if word in signs or (word not in kinds and _singular(word) not in kinds) or word in own
        ]
    return words


@lru_cache(maxsize=1)
def _kind_table_words() -> frozenset[str]:
    """Return every word of `DOMAIN_WORDS` and `DEVICE_CLASS_WORDS` (folded)."""
    return frozenset(
        word
        for table in (DOMAIN_WORDS, DEVICE_CLASS_WORDS)
        for words in table.values()
        for word in words
    )


SET_POINT: Final = "setpoint"
"""What a temperature given in a request stands for: the set point of a thermostat."""
DEGREES: Final = frozenset(
    {
        *("degree", "degrees", "deg", "c", "f", "celsius", "fahrenheit", "degre", "degres"),
        *("grad", "grade", "graden", "grader", "grados", "gradi", "graus", "stopni", "stopnie"),
        *("度", "도"),
    }
)
"""The words of a temperature's unit after its number ("22 degrees", "22°C", folded "22 c")."""
_NUMBER: Final = re.compile(r"\d+")
_UNSPACED_DEGREES: Final = re.compile(r"\d+[度도]")


def _set_points(words: list[str]) -> list[str]:
    """Return `words` with each temperature given ("22 degrees", "22度") said as `SET_POINT`.

    Its unit's words with it ("70 degrees Fahrenheit": one set point, not a scale naming a
    temperature sensor).

    In a request only: "make it 22 degrees in the office" asks a thermostat for
    it; "is it 22 degrees?" asks what a thermometer says.
    """
    fixed: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if _UNSPACED_DEGREES.match(word):  # "22度に": with its particle.
            fixed.append(SET_POINT)
        elif _NUMBER.fullmatch(word) and index + 1 < len(words) and words[index + 1] in DEGREES:
            fixed.append(SET_POINT)
            index += 1
            while index + 1 < len(words) and words[index + 1] in DEGREES:
                index += 1  # "70 degrees Fahrenheit": the unit's words, one set point.
        else:
            fixed.append(word)
        index += 1
    return fixed


def _segments(part: str) -> list[str]:
    """Return a phrase written without spaces split at the words of the tables it holds.

    "车库门关了吗" gives 车库 (a garage), 门 (a door) and 关了吗, the rest
    kept together: the longest word of `_unspaced_words` at each place, from
    the left. Korean (written with spaces) and any other text as they are.
    """
    if len(part) < 2 or not Folded.of(part).unspaced or _HANGUL_ANY.search(part):
        return [part]
    known = _unspaced_words()
    longest = _longest_unspaced()
    pieces: list[str] = []
    rest = ""
    index = 0
    while index < len(part):
        for size in range(min(longest, len(part) - index), 0, -1):
            if part[index : index + size] in known:
                if rest:
                    pieces.append(rest)
                    rest = ""
                pieces.append(part[index : index + size])
                index += size
                break
        else:
            rest += part[index]
            index += 1
    if rest:
        pieces.append(rest)
    return pieces


@lru_cache(maxsize=1)
def _unspaced_words() -> frozenset[str]:
    """Return the words of the tables written without spaces (rooms, kinds, floors, names)."""
    tables = (DOMAIN_WORDS, DEVICE_CLASS_WORDS, COMMAND_WORDS)
    words = {word for table in tables for names in table.values() for word in names}
    words.update(fold(name) for group in (*ROOM_WORDS, *NAME_WORDS) for name in group)
    words.update(fold(name) for names in FLOOR_WORDS.values() for name in names)
    words.update(said[0] for said in SAID_AS if len(said) == 1)
    return frozenset(word for word in words if " " not in word and Folded.of(word).unspaced)


@lru_cache(maxsize=1)
def _longest_unspaced() -> int:
    """Return the length of the longest word of `_unspaced_words`."""
    return max(map(len, _unspaced_words()))


STATED: Final = frozenset(
    {
        *("is", "s", "are", "feels", "feel", "gets", "getting", "est", "fait", "ist", "e"),
        *("es", "hace", "ar", "jest", "wordt"),
    }
)
"""Words saying how a place is, before a feeling ("it's muggy", "il fait froid", "es ist kalt",
"è umido"): outside a question, a complaint (folded)."""


def _stated_complaints(words: list[str]) -> list[str]:
    """Return `words` with each feeling stated after a `STATED` word said as a complaint."""
    if not STATED.intersection(words[:-1]):
        return words
    return [
        COMPLAINTS[0]
        if word in STATED and index + 1 < len(words) and words[index + 1] in _REMEDY_OF
        else word
        for index, word in enumerate(words)
    ]


def _without_particle(word: str) -> str:
    """Return a Korean `word` without a `KOREAN_PARTICLES` ending (two syllables or more left)."""
    if len(word) < 3 or not _HANGUL.match(word):
        return word
    for particle in KOREAN_PARTICLES:
        if word.endswith(particle) and len(word) - len(particle) >= 2:
            return word[: -len(particle)]
    return word


def _remedies(words: list[str]) -> list[str]:
    """Return `words` with each complaint ("too dry") made the word for its remedy ("humidify")."""
    if not _COMPLAINTS.intersection(words[:-1]):
        return words
    fixed: list[str] = []
    index = 0
    while index < len(words):
        if (
            words[index] in _COMPLAINTS
            and index + 1 < len(words)
            and (remedy := _REMEDY_OF.get(words[index + 1])) is not None
        ):
            fixed.append(remedy)
            index += 2
        else:
            fixed.append(words[index])
            index += 1
    return fixed


def _compounds(words: Sequence[str]) -> list[str]:
    """Return `words` with each two-word name of `COMPOUNDS` made one word ("air con": "aircon")."""
    if not _COMPOUND_FIRSTS.intersection(words[:-1]):
        return list(words)
    joined: list[str] = []
    index = 0
    while index < len(words):
        one = (
            _compound_of(words[index], _singular(words[index + 1]))
            if index + 1 < len(words)
            else None
        )
        if one is not None:
            joined.append(one)
            index += 2
        else:
            joined.append(words[index])
            index += 1
    return joined


def _compound_of(first: str, second: str) -> str | None:
    """Return the one word of `COMPOUNDS` that `first` and `second` make, if any.

    The second word may have a typo (one letter added, dropped, changed or swapped, from
    `_TYPO_COMPOUND` letters): "air conditionner" is "aircon", as "air conditioner" is.
    """
    if (one := COMPOUNDS.get((first, second))) is not None or len(second) < _TYPO_COMPOUND:
        return one
    for (known, other), word in COMPOUNDS.items():
        if known == first and len(other) >= _TYPO_COMPOUND and _one_edit(second, other):
            return word
    return None


def read_phrase(query: str, rooms: Sequence[Room], floors: Sequence[FloorPlace] = ()) -> Phrase:
    """Return `query` as place words (a room's, else a floor's) and device words.

    The room words are the best span naming an area. The floor words are
    the best span naming a floor (its name or an alias, else a word for its
    level: `FLOOR_WORDS`, "N階"); when both are there the room is kept (it
    says more) and the floor's words are dropped, unless the two spans
    overlap: then the better match is kept, the room on a tie.
    """
    words = query_words(query)
    room = _best_span(words, *_room_names(tuple(rooms), synonyms=True))
    if room is None or room[0] < 1.0:
        # A compound of a room and a kind ("Küchenfenster": the kitchen's window) names the
        # room by its head, when the words as written name none as well.
        split = _room_compounds(words)
        if split != words and (
            (apart := _best_span(split, *_room_names(tuple(rooms), synonyms=True))) is not None
            and (room is None or apart[0] > room[0])
        ):
            words, room = split, apart
    floor = _best_span(words, *_room_names(tuple(Room(f.floor_id, f.names) for f in floors)))
    if floor is None or floor[0] < 1.0:
        floor = _level_span(words, floors) or floor
    if room is not None and floor is not None and _overlap(room, floor):
        # The better match is kept, the room on a tie or when it holds the floor's words and
        # more ("upstairs hallway": a room's name, not a floor and a hallway).
        if floor[0] > room[0] and not _holds(room, floor):
            room = None
        else:
            floor = None
    if room is None and floor is None:
        return Phrase((), 0.0, tuple(words), said=tuple(words))
    if (
        room is not None
        and (after := room[1] + room[2]) < len(words)
        and words[after] in ROOM_NOUNS
    ):
        room = (room[0], room[1], room[2] + 1, room[3])  # "the storage room": the Storage.
    if (
        room is not None
        and (after := room[1] + room[2]) < len(words)
        and words[after] in ROOM_SURFACES
    ):
        # "The kitchen floor": the Kitchen, its floor no word of a device, a floor or a name.
        words = [*words[:after], *words[after + 1 :]]
    used = {*(_indices(room) if room else ()), *(_indices(floor) if floor else ())}
    rest = tuple(word for index, word in enumerate(words) if index not in used)
    if room is not None:
        return Phrase(room[3], room[0], rest, said=tuple(words))
    assert floor is not None
    return Phrase((), floor[0], rest, floor_ids=floor[3], said=tuple(words))


def _room_compounds(words: Sequence[str]) -> list[str]:
    """Return `words` with each compound of a kind's (or room's) word split: its head, then it.

    "küchenfenster" gives "küchen", "fenster" (a head of `_MIN_HEAD` letters or more);
    "客厅灯" (written without spaces) "客厅", "灯" (any head); with no kind's word ending it,
    a room's: "vorgarten" gives "vor", "garten" (`_room_tail`).
    """
    split: list[str] = []
    for word in words:
        if (kind_at := _unspaced_tail(word) or _hangul_tail(word)) is not None:
            # Written without spaces ("客厅灯", "寝室ライト"), or a Korean compound of a room's
            # word and a kind's ("현관문": 현관, the entrance, and 문, its door): the room, then
            # the device's word.
            split += [word[:kind_at], word[kind_at:]]
            continue
        tails = _compound_tails(word)
        kind = max(tails, key=len) if tails else None
        at = word.find(kind, _COMPOUND_HEAD) if kind else -1
        if kind and at >= _MIN_HEAD:
            split += [word[:at], word[at:]]
        elif (room_at := _room_tail(word)) is not None:
            # A room's word ending it ("vorgarten": "vor", "garten", the front garden).
            split += [word[:room_at], word[room_at:]]
        else:
            split.append(word)
    return split


@lru_cache(maxsize=1024)
def _room_tail(word: str) -> int | None:
    """Return where the longest one-word room name of `ROOM_WORDS` ending `word` starts.

    Names of `_SHORT` letters or more, after a head that is a word of the
    tables itself (`_head_words`: "vor", a side, in "vorgarten"; not "down"
    in "downstairs", nor "corta" in "cortacésped"). None when none ends it,
    or `word` is written without spaces.
    """
    if len(word) < _MIN_HEAD + _SHORT or Folded.of(word).unspaced:
        return None
    ends = [
        name
        for name in _one_word_rooms()
        if word.endswith(name) and word[: -len(name)] in _head_words()
    ]
    return len(word) - max(map(len, ends)) if ends else None


@lru_cache(maxsize=1)
def _head_words() -> frozenset[str]:
    """Return the words a compound may start with before a room's: sides, parts, kinds, rooms."""
    return frozenset(
        {
            *(fold(word) for pair in OPPOSITES for group in pair for word in group),
            *(word for group in PART_WORDS for word in group),
            *_kind_table_words(),
            *_one_word_rooms(),
        }
    )


@lru_cache(maxsize=1)
def _one_word_rooms() -> frozenset[str]:
    """Return the names of `ROOM_WORDS` of one word of `_SHORT` letters or more (folded)."""
    return frozenset(
        name
        for name in _room_words()
        if " " not in name and len(name) >= _SHORT and not Folded.of(name).unspaced
    )


@lru_cache(maxsize=1024)
def _unspaced_tail(word: str) -> int | None:
    """Return where the longest kind's word ending `word` starts, if written without spaces.

    None when `word` is written with spaces, or ends in no word of `DOMAIN_WORDS` or
    `DEVICE_CLASS_WORDS` after at least one letter.
    """
    if not Folded.of(word).unspaced:
        return None
    ends = [kind for kind in _unspaced_kinds() if len(kind) < len(word) and word.endswith(kind)]
    return len(word) - max(map(len, ends)) if ends else None


@lru_cache(maxsize=1024)
def _hangul_tail(word: str) -> int | None:
    """Return where a kind's word ending a Korean `word` starts, after a room's word.

    "현관문" (the front door): 현관, the entrance (`ROOM_WORDS`), then 문, a door
    (`DOMAIN_WORDS`, `DEVICE_CLASS_WORDS`). None unless the whole word is Hangul and its
    head is a room's word of one word (the longest kind's word that leaves one).
    """
    if not _HANGUL.match(word):
        return None
    rooms = _room_words()
    ends = sorted(
        (kind for kind in _hangul_kinds() if len(kind) < len(word) and word.endswith(kind)),
        key=len,
        reverse=True,
    )
    for kind in ends:
        if word[: -len(kind)] in rooms:
            return len(word) - len(kind)
    return None


@lru_cache(maxsize=1)
def _hangul_kinds() -> frozenset[str]:
    """Return the words of `DOMAIN_WORDS` and `DEVICE_CLASS_WORDS` written in Hangul."""
    return frozenset(word for word in _kind_table_words() if _HANGUL.match(word))


@lru_cache(maxsize=1)
def _unspaced_kinds() -> frozenset[str]:
    """Return the words of `DOMAIN_WORDS` and `DEVICE_CLASS_WORDS` written without spaces."""
    return frozenset(
        word
        for table in (DOMAIN_WORDS, DEVICE_CLASS_WORDS)
        for names in table.values()
        for word in names
        if Folded.of(word).unspaced
    )


_Span = tuple[float, int, int, tuple[str, ...]]
"""A span of query words naming places: (score, start, length, the places' ids)."""
_Name = tuple[str, Folded, float]
"""A place's name as spans are matched to it: (the place's id, the name, its weight)."""


def _indices(span: _Span) -> range:
    return range(span[1], span[1] + span[2])


def _overlap(a: _Span, b: _Span) -> bool:
    return a[1] < b[1] + b[2] and b[1] < a[1] + a[2]


def _holds(a: _Span, b: _Span) -> bool:
    """Whether span `a` holds span `b` and more words ("upstairs hallway" holds "hallway")."""
    return a[2] > b[2] and a[1] <= b[1] and b[1] + b[2] <= a[1] + a[2]


def _best_span(
    words: Sequence[str],
    by_key: dict[str, list[_Name]],
    unspaced: list[_Name],
    mixed: dict[str, list[_Name]],
) -> _Span | None:
    """Return the span of `words` that best names one of the places indexed (longest on a tie).

    A span holding the best one and more words, that names a place by a word of
    `ROOM_WORDS` (`SYNONYM_WEIGHT`) or better, inflected too (`STEM_WEIGHT`), says more and is
    returned instead: "the upstairs hallway" names the landing (its group), not the Hall its
    "hallway" names; "spor salonundaki" the gym ("spor salonu"), not the living room "salon"
    names.
    """
    best: tuple[float, int] = (0.0, 0)
    spans: dict[tuple[int, int], list[str]] = {}
    found: list[_Span] = []
    for length in range(min(len(words), 4), 0, -1):
        if best[0] == 1.0:
            break  # A shorter span cannot beat a longer exact one.
        for start in range(len(words) - length + 1):
            span = Folded.of(" ".join(words[start : start + length]))
            # Only names sharing the first letter or a word can match (see `_room_score`).
            keys = {span.compact[0], *span.tokens}
            names = {pair for key in keys for pair in by_key.get(key, ())}
            # A name written without spaces ("リビング") only against a span that is too,
            # or that starts with one of its letters (a name mixing scripts: `mixed`).
            first = span.compact[0]
            names.update(unspaced if span.unspaced else mixed.get(first, ()))
            scores: dict[str, float] = {}
            # A name several rooms are called by (a group's word: every bedroom's "chambre") is
            # scored once.
            scored: dict[str, float] = {}
            for place_id, name, weight in names:
                if (base := scored.get(name.text)) is None:
                    base = scored[name.text] = _room_score(span, name)
                score = base * weight
                if score > scores.get(place_id, 0.0):
                    scores[place_id] = score
            # A definite form ("gymmet", "kontoret", "hallen": the gym, the office, the hall,
            # in Swedish) names the room of its stem, said as written.
            said = words[start : start + length]
            forms = [
                *([*said[:-1], stem] for stem in _stems(said[-1])),
                *([stem, *said[1:]] for stem in _without_prefixes(said[0]) if length > 1),
            ]
            for form in forms if not span.unspaced else ():
                stemmed = Folded.of(" ".join(form))
                for place_id, name, weight in by_key.get(stemmed.compact[0], ()):
                    if name.compact == stemmed.compact:
                        score = STEM_WEIGHT * weight
                        if score > scores.get(place_id, 0.0):
                            scores[place_id] = score
            # A word of rooms' names said as a plural names every room whose name holds it ("how
            # warm are the bedrooms?": Bedroom 2, Bedroom 3 and the Master bedroom).
            for place_id, _, weight in _plural_rooms(said, by_key):
                score = PLURAL_ROOMS_WEIGHT * weight
                if score > scores.get(place_id, 0.0):
                    scores[place_id] = score
            for place_id, score in scores.items():
                found.append((score, start, length, (place_id,)))
                rank = (score, length)
                if rank > best:
                    best = rank
                    spans = {}
                if rank == best:
                    spans.setdefault((start, length), []).append(place_id)
    if not spans:
        return None
    (start, length), place_ids = next(iter(spans.items()))
    chosen: _Span = (best[0], start, length, tuple(sorted(place_ids)))
    wider = [
        span for span in found if span[0] >= SYNONYM_WEIGHT * STEM_WEIGHT and _holds(span, chosen)
    ]
    if wider:
        top = max((span[0], span[2]) for span in wider)
        kept = [span for span in wider if (span[0], span[2]) == top]
        begins = min(span[1] for span in kept)
        ids = {span[3][0] for span in kept if span[1] == begins}
        chosen = (top[0], begins, top[1], tuple(sorted(ids)))
    return chosen


STEM_WEIGHT: Final = 0.95
"""What a room's name scores when said in a definite form (`DEFINITE_ENDINGS`)."""
PLURAL_ROOMS_WEIGHT: Final = 0.9
"""What each room scores whose name holds a word the query says as a plural ("the bedrooms")."""


def _plural_rooms(said: Sequence[str], by_key: dict[str, list[_Name]]) -> list[_Name]:
    """Return the names of the rooms that `said`, one plural word, names together.

    "bedrooms": every name holding "bedroom" as a word ("Bedroom 2", "Master bedroom"), when
    more than one room's does; not a word for any room ("rooms", "areas": `ROOM_NOUNS`).
    """
    if len(said) != 1 or (singular := _singular(said[0])) == said[0]:
        return []
    if singular in ROOM_NOUNS or singular in PLACE_NOUNS or _is_device_word(singular):
        return []
    names = [name for name in by_key.get(singular, ()) if singular in name[1].tokens]
    return names if len({name[0] for name in names}) > 1 else []


DEFINITE_ENDINGS: Final = ("erna", "arna", "orna", "en", "et", "na", "n", "t")
"""The endings of a definite noun in Swedish, Norwegian and Danish ("gymmet", "köket",
"badeværelset")."""
CASE_ENDINGS: Final = tuple(
    fold(ending)
    for ending in (
        # Turkish: in it and the one in it ("salonda", "salondaki": in the living room), by
        # vowel harmony and after a voiceless consonant ("mutfakta"), after a possessive
        # ("yatak odasında"); the plural, as an object too ("prizleri": the plugs).
        *("ndaki", "ndeki", "daki", "deki", "taki", "teki", "nda", "nde"),
        *("larda", "lerde", "leri", "ları", "lar", "ler", "da", "de", "ta", "te"),
        # Turkish: of it and it as an object ("yatak odasının": of the bedroom, "ışığını": its
        # light, as an object), after a vowel and after a consonant (after a consonant only
        # with a dotless ı: "i", "in", and "ü", "ün" folded to "u", "un", end English words).
        *("nın", "nin", "nun", "nün", "nı", "ni", "nu", "nü", "yı", "yi", "yu", "yü"),
        *("ın", "ı"),
        # Hungarian: in it, into it, out of it ("a dolgozószobában": in the study), by vowel
        # harmony (the object's -t is `DEFINITE_ENDINGS`': "lámpát", the lamp).
        *("ban", "ben", "ba", "be", "ból", "ből"),
        # Finnish: in it, out of it, on it, onto it, off it ("pukuhuoneessa": in the dressing
        # room, "käytävällä": in the hall), by vowel harmony (folded: "ssä" is "ssa"); its
        # genitive's -n is `DEFINITE_ENDINGS`' ("pukuhuoneen": the dressing room's).
        *("ssa", "ssä", "sta", "stä", "lla", "llä", "lle", "lta", "ltä"),
    )
)
"""The endings of a noun in a case or the plural, in Turkish, Hungarian and Finnish: read as
its stem too."""
_FINNISH_ENDINGS: Final = frozenset(
    (*(fold(ending) for ending in ("ssa", "sta", "lla", "lle", "lta")), "n")
)
"""Finnish's endings (and the genitive's -n): the stem before one may double its last vowel
("huoneessa", "huoneen": "huone")."""
SLAVIC_ENDINGS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    # A noun after a preposition (in, on, of) in Czech, Slovak and Polish, and what it is said
    # alone: "na chodbe" (on the hall, Slovak; Czech "na chodbě"): "chodba"; "w biurze" (in the
    # office, Polish): "biuro"; "kvalita vzduchu" (the quality of air): "vzduch"; "do
    # kuchyni": "kuchynia"; "z chodby": "chodba"; "chodbou" (through the hall): "chodba".
    ("rze", ("ro",)),
    ("ou", ("a",)),
    ("e", ("a", "o")),
    ("y", ("a",)),
    ("i", ("ia", "a")),
    ("u", ("", "o")),
)
"""The case endings of Czech, Slovak and Polish nouns (folded) and the endings said alone they
replace, tried in order: what a word may be the inflected form of (`_stems`). Only Latin
letters; only a stem the tables or a house's names hold as written counts, so a wrong guess
names nothing."""
_LATIN: Final = re.compile("^[a-z]+$")
CYRILLIC_LATIN: Final = str.maketrans(
    {
        # Serbian's two alphabets, letter for letter ("биоскопу": "bioskopu"), and the letters
        # of Ukrainian, Russian, Bulgarian and Macedonian as their Latin transliterations write
        # them ("сауні": "sauni").
        **dict(zip("абвгдђежзијклмнопрстћуфхцчш", "abvgdđežzijklmnoprstćufhcčš", strict=True)),
        "љ": "lj",
        "њ": "nj",
        "џ": "dž",
        "і": "i",
        "ї": "ji",
        "є": "je",
        "ґ": "g",
        "й": "j",
        "ы": "y",
        "э": "e",
        "ю": "ju",
        "я": "ja",
        "щ": "šč",
        "ъ": "",
        "ь": "",
        "ё": "e",
        "ѓ": "đ",
        "ќ": "ć",
        "ѕ": "dz",
        "ј": "j",
    }
)
"""Cyrillic letters as Latin ones: a word in Cyrillic is also read in Latin letters, as Serbian
writes it either way ("у биоскопу": "u bioskopu", the cinema), and then in its case
(`SLAVIC_ENDINGS`: "сауні", "sauni": "sauna")."""
_CYRILLIC: Final = re.compile("^[\u0400-\u04ff]+$")
_TURKISH_ENDINGS: Final = frozenset(CASE_ENDINGS[: CASE_ENDINGS.index(fold("ban"))])
"""Turkish's `CASE_ENDINGS`: after one, the stem may end in a possessive (`POSSESSIVE_ENDINGS`) and
a softened consonant (`SOFTENED`)."""
POSSESSIVE_ENDINGS: Final = tuple(fold(ending) for ending in ("ı", "i", "u", "ü"))
"""Turkish's possessive ("ışığı": its light), said before a case ending ("ışığını")."""
SOFTENED: Final = {fold("ğ"): "k"}
"""Turkish's consonant softened before a vowel ("ışık", a light; "ışığı", its light), folded,
and the consonant of the word itself."""
PREFIXES: Final = ("ו", "ה", "ב", "ל", "מ", "כ", "ש")
"""The letters Hebrew writes on the front of a word: and, the, in, to, from, as, that ("במרתף":
in the cellar, "התריס": the shutter); one or two of them, read off as case endings are."""
_HEBREW: Final = re.compile("^[\u05d0-\u05ea]+$")
ARABIC_ARTICLES: Final = ("ال", "بال", "وال", "فال", "كال", "لل")
"""Arabic's article and the letters written before it: the, in the, and the, so the, as the,
to the ("المكتب": the office, "بالمطبخ": in the kitchen); read off as Hebrew's `PREFIXES` are."""
_ARABIC: Final = re.compile("^[\u0621-\u064a]+$")


@lru_cache(maxsize=1024)
def _stems(word: str) -> tuple[str, ...]:
    """Return what `word` may be the definite or inflected form of ("gymmet": "gymm", "gym").

    `DEFINITE_ENDINGS`, then `CASE_ENDINGS` ("salondaki": "salon").
    """
    stems: list[str] = []
    for ending in (*DEFINITE_ENDINGS, *CASE_ENDINGS):
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 3:
            stems.append(stem)
            if stem[-1] == stem[-2] and (stem[-1] not in "aeiouy" or ending in _FINNISH_ENDINGS):
                # A doubled consonant: "gymmet", "sovrummet"; a Finnish stem's doubled vowel:
                # "pukuhuoneessa", "pukuhuone".
                stems.append(stem[:-1])
            if ending in _TURKISH_ENDINGS:
                stems += _turkish_stems(stem)
    if _LATIN.match(word):
        stems += _slavic_stems(word)
    elif _CYRILLIC.match(word):
        latin = fold(word.translate(CYRILLIC_LATIN))
        stems += [latin, *_slavic_stems(latin)]
    return (*dict.fromkeys(stems), *_without_prefixes(word))


def _slavic_stems(word: str) -> list[str]:
    """Return what `word` may say alone, read as a Czech, Slovak or Polish case (`SLAVIC_ENDINGS`).

    "chodbe": "chodba", "chodbo"; "biurze": "biuro"; "vzduchu": "vzduch", "vzducho".
    """
    return [
        word[: -len(ending)] + alone
        for ending, alones in SLAVIC_ENDINGS
        if word.endswith(ending) and len(word) - len(ending) >= 3
        for alone in alones
    ]


def _turkish_stems(stem: str) -> list[str]:
    """Return a Turkish stem without its possessive, and with its consonant as the word has it.

    "ışığını": "ışığı" less its possessive, "ışığ", the softened "ğ" as said
    alone, "ışık" (`POSSESSIVE_ENDINGS`, `SOFTENED`).
    """
    bare = [
        stem,
        *(
            stem[: -len(ending)]
            for ending in POSSESSIVE_ENDINGS
            if stem.endswith(ending) and len(stem) - len(ending) >= 3
        ),
    ]
    return [
        *bare[1:],
        *(word[:-1] + SOFTENED[word[-1]] for word in bare if word[-1] in SOFTENED),
    ]


@lru_cache(maxsize=1024)
def _without_prefixes(word: str) -> tuple[str, ...]:
    """Return a Hebrew word without one or two of its `PREFIXES` ("במרתף": "מרתף"), if any.

    An Arabic word without its article (`ARABIC_ARTICLES`: "المكتب", "مكتب").
    """
    if _ARABIC.match(word):
        return tuple(
            word[len(article) :]
            for article in ARABIC_ARTICLES
            if word.startswith(article) and len(word) - len(article) >= 2
        )
    if not _HEBREW.match(word):
        return ()
    return tuple(
        word[size:]
        for size in (1, 2)
        if len(word) - size >= 2 and all(letter in PREFIXES for letter in word[:size])
    )


def _level_span(words: Sequence[str], floors: Sequence[FloorPlace]) -> _Span | None:
    """Return the span of `words` naming floors by level ("upstairs", "sous-sol", "2階"), if any.

    A house's own floor names and aliases come first (`read_phrase`): these
    are the words people use for any house, matched as they are written.
    """
    levels = [floor for floor in floors if floor.level is not None]
    if not levels:
        return None
    house_levels = [floor.level for floor in levels if floor.level is not None]
    last = next(
        (where for where, said in FLOOR_WORDS_LAST.items() if words and words[-1] in said), None
    )
    for length in (3, 2, 1):
        for start in range(len(words) - length + 1):
            said = words[start : start + length]
            # As written, else its last word in a case ("alt kattaki": on the lower floor).
            texts = [" ".join(said), *(" ".join([*said[:-1], stem]) for stem in _stems(said[-1]))]
            wanted = next(
                (named for text in texts if (named := _level_named(text, house_levels))), None
            )
            if wanted is None and last is not None and length == 1 and start == len(words) - 1:
                wanted = _LEVELS[last]
            if wanted is None:
                continue
            floor_ids = tuple(
                sorted(f.floor_id for f in levels if f.level is not None and wanted(f.level))
            )
            if floor_ids:
                return 0.95, start, length, floor_ids
    return None


def _level_named(text: str, levels: Sequence[int] = ()) -> Callable[[int], bool] | None:
    """Return which levels a floor word means (None: `text` is no floor word).

    `levels`: the house's, which its highest and lowest floor are of (`HIGHEST_LOWEST`).
    """
    for where, words in _highest_lowest().items():
        if text in words and levels:
            low, high = min(levels), max(levels)
            if where == "middle":
                return lambda level: low < level < high
            end = high if where == "highest" else low
            return lambda level: level == end
    if (japanese := _JAPANESE_FLOOR.fullmatch(text)) is not None:
        wanted = int(japanese.group(1)) - 1
        return lambda level: level == wanted
    for number, words in _floor_ordinals().items():
        if text in words:
            return lambda level: level == number
    for number, words in _ground_first_floors().items():
        if text in words:
            return lambda level: level == number - 1
    for (american, british), words in _english_floors().items():
        if text in words:
            return lambda level: level in {american, british}
    for where, words in _floor_words().items():
        if text in words:
            return _LEVELS[where]
    return None


@lru_cache(maxsize=1)
def _floor_ordinals() -> dict[int, frozenset[str]]:
    """Return `FLOOR_ORDINALS` as query words (folded, fillers dropped)."""
    return {
        number: frozenset(" ".join(query_words(word)) for word in words)
        for number, words in FLOOR_ORDINALS.items()
    }


@lru_cache(maxsize=1)
def _ground_first_floors() -> dict[int, frozenset[str]]:
    """Return `GROUND_FIRST_ORDINALS` said with each of `GROUND_FIRST_NOUNS`, as query words."""
    return {
        number: frozenset(
            " ".join(query_words(f"{ordinal} {noun}"))
            for ordinal in ordinals
            for noun in GROUND_FIRST_NOUNS
        )
        for number, ordinals in GROUND_FIRST_ORDINALS.items()
    }


@lru_cache(maxsize=1)
def _highest_lowest() -> dict[str, frozenset[str]]:
    """Return `HIGHEST_LOWEST` as query words (folded, fillers dropped)."""
    return {
        where: frozenset(" ".join(query_words(word)) for word in words)
        for where, words in HIGHEST_LOWEST.items()
    }


@lru_cache(maxsize=1)
def _english_floors() -> dict[tuple[int, int], frozenset[str]]:
    """Return `ENGLISH_FLOORS` as query words (folded, fillers dropped)."""
    return {
        levels: frozenset(" ".join(query_words(word)) for word in words)
        for levels, words in ENGLISH_FLOORS.items()
    }


@lru_cache(maxsize=1)
def _floor_words() -> dict[str, frozenset[str]]:
    """Return `FLOOR_WORDS` as query words (folded, fillers dropped)."""
    return {
        where: frozenset(" ".join(query_words(word)) for word in words)
        for where, words in FLOOR_WORDS.items()
    }


@lru_cache(maxsize=8)
def _room_names(
    rooms: tuple[Room, ...], *, synonyms: bool = False
) -> tuple[dict[str, list[_Name]], list[_Name], dict[str, list[_Name]]]:
    """Return the rooms' names without fillers, by first letter and by word; and the unspaced.

    The unspaced twice: all, and by each letter of theirs not written without
    spaces ("Büro2階": b, u, r, o, 2), as a span written with spaces may match them.

    With `synonyms`, a room called by a name of `ROOM_WORDS` is also called
    by the others of its group, weighing `SYNONYM_WEIGHT` (its own names win
    a tie: a house with a Hall and an Entrance keeps "hall" for the Hall).
    Cached: the areas seldom change between two searches.
    """
    by_key: dict[str, list[_Name]] = {}
    unspaced: list[_Name] = []
    mixed: dict[str, list[_Name]] = {}
    for room in rooms:
        own = [" ".join(query_words(name)) for name in room.names]
        named = dict.fromkeys(own, 1.0)
        for text in own:
            # "Front door area": the front door.
            words = text.split()
            if len(words) >= 2 and words[-1] in PLACE_NOUNS:
                named.setdefault(" ".join(words[:-1]), SYNONYM_WEIGHT)
        if synonyms:
            groups, rows = _room_words(), _room_rows()
            # The groups of the room's name (an alias of more groups says less of it).
            named_in = rows.get(own[0], frozenset()) if own else frozenset()
            for text in own:
                for other in groups.get(text, ()):
                    # A word of more groups than the room's name ("서재": a study, or the
                    # office) names best a room whose name is in each of them: a Study, not
                    # an Office (even one with the alias 書斎, a study or an office too). And
                    # a word of fewer groups than the room's name names best a room whose name
                    # is in no more: "biuro" (an office) an Office before a Study ("study" is
                    # in the office's group too).
                    of = rows.get(other, frozenset())
                    within = of == rows.get(text, frozenset()) and of <= (named_in or of)
                    weight = SYNONYM_WEIGHT if within else WIDER_SYNONYM_WEIGHT
                    named[other] = max(named.get(other, 0.0), weight)
            for text in own:
                if (initials := _initials(text)) is not None:
                    named.setdefault(initials, INITIALS_WEIGHT)
                if (sounds := _sounds_as(text)) is not None:
                    named.setdefault(sounds, SOUNDS_WEIGHT)
        for text, weight in named.items():
            folded = Folded.of(text)
            if not folded.text:
                continue
            if folded.unspaced:
                unspaced.append((room.area_id, folded, weight))
                for letter in {c for c in folded.compact if not Folded.of(c).unspaced}:
                    mixed.setdefault(letter, []).append((room.area_id, folded, weight))
                continue
            for key in {folded.compact[0], *folded.tokens}:
                by_key.setdefault(key, []).append((room.area_id, folded, weight))
    return by_key, unspaced, mixed


@lru_cache(maxsize=4096)
def word_synonyms(word: str) -> frozenset[str]:
    """Return the other one-word names of the group of the one word `word`.

    Its group in `ROOM_WORDS` or `NAME_WORDS`, or its side's (`OPPOSITES`); none when it is in
    none.
    """
    names = {*_room_words().get(word, ()), *_name_words().get(word, ()), *_side_of().get(word, ())}
    return frozenset(name for name in names if name != word and " " not in name)


@lru_cache(maxsize=1)
def _side_of() -> dict[str, frozenset[str]]:
    """Return each word of `OPPOSITES`, folded, with the words of its own side."""
    side: dict[str, frozenset[str]] = {}
    for pair in OPPOSITES:
        for group in pair:
            words = frozenset(map(fold, group))
            side.update(dict.fromkeys(words, words))
    return side


def name_synonyms(word: str) -> frozenset[str]:
    """Return the other words of the `NAME_WORDS` group of `word` (none when it is in none)."""
    return _name_words().get(word, frozenset()) - {word}


@lru_cache(maxsize=1)
def _name_words() -> dict[str, frozenset[str]]:
    """Return each word of `NAME_WORDS`, folded, with its group's words."""
    groups: dict[str, frozenset[str]] = {}
    for group in NAME_WORDS:
        words = frozenset(fold(word) for word in group)
        for word in words:
            groups[word] = words
    return groups


INITIALS_WEIGHT: Final = 0.9
"""What a room's initials ("LR": the living room) count for: below its own names and the words
of `ROOM_WORDS` (a house's WC, said so, before its Wine Cellar)."""


def _initials(name: str) -> str | None:
    """Return the initials of a room's name of two or three words ("living room": "lr"), if any.

    As a floor plan or a note abbreviates it ("LR fan off"); not when they are a word of the
    tables (a device's, a room's, a filler: "ac" is air conditioning).
    """
    words = name.split()
    if not 2 <= len(words) <= 3 or not all(word.isalpha() and len(word) >= 2 for word in words):
        return None
    initials = "".join(word[0] for word in words)
    if Folded.of(initials).unspaced or initials in FILLERS or _is_device_word(initials):
        return None
    return None if initials in _room_words() else initials


SOUNDS_WEIGHT: Final = 0.85
"""What a room's one-word name spelled as it sounds ("jim": the gym) counts for."""
_SPELLED_AS_SAID: Final = (
    # French's suite, said "sweet" in English ("how warm is the ensweet?": the Ensuite).
    (re.compile("suite"), "sweet"),
    # An English au sounds as an o ("sauna": "sona", which "sonar" is a letter from, as
    # speech to text writes it).
    (re.compile("au"), "o"),
    (re.compile("ph"), "f"),
    (re.compile("ck"), "k"),
    (re.compile("g(?=[eiy])"), "j"),
    (re.compile("c(?=[eiy])"), "s"),
    (re.compile("c(?!h)"), "k"),
    (re.compile("(?<=[^aeiou])y"), "i"),
    (re.compile(r"([^aeiou])\1"), r"\1"),
)
"""English spellings and the plain letters they sound as: a soft g is a j, a soft c an s, a
y after a consonant an i, a doubled consonant one ("gym": "jim", as speech to text writes it);
a suite is a sweet."""


def _sounds_as(name: str) -> str | None:
    """Return a room's English one-word name spelled as it sounds, where that differs ("jim").

    Speech to text writes a word that sounds the same ("turn on the jim lights"). Not when
    the spelling is itself a word of the tables (a device's, a room's, a filler).
    """
    if " " in name or len(name) < 3 or not name.isascii() or not name.isalpha():
        return None
    sounds = name
    for spelling, letters in _SPELLED_AS_SAID:
        sounds = spelling.sub(letters, sounds)
    if sounds == name or sounds in FILLERS or _is_device_word(sounds):
        return None
    return None if sounds in _room_words() else sounds


@lru_cache(maxsize=1)
def _room_rows() -> dict[str, frozenset[int]]:
    """Return each name of `ROOM_WORDS` as query words, with the groups it is in (their index)."""
    rows: dict[str, set[int]] = {}
    for row, group in enumerate(ROOM_WORDS):
        for name in group:
            rows.setdefault(" ".join(query_words(name)), set()).add(row)
    return {name: frozenset(found) for name, found in rows.items()}


@lru_cache(maxsize=1)
def _room_words() -> dict[str, tuple[str, ...]]:
    """Return each name of `ROOM_WORDS` as query words, with its groups' names.

    A name in two groups ("书房": a study, or the office) has the names of both.
    """
    groups: dict[str, tuple[str, ...]] = {}
    for group in ROOM_WORDS:
        names = tuple(dict.fromkeys(" ".join(query_words(name)) for name in group))
        for name in names:
            groups[name] = tuple(dict.fromkeys([*groups.get(name, ()), *names]))
    return groups


def _room_score(span: Folded, name: Folded) -> float:
    """Return how well `span` names a room called `name` (0: it does not)."""
    q_size, v_size = len(span.compact), len(name.compact)
    if (
        2 * min(q_size, v_size) < FUZZY_RATIO * (q_size + v_size)
        and span.compact not in name.compact
        and not set(span.tokens) & set(name.tokens)
    ):
        return 0.0  # Too short or too long for a typo, and no word in common.
    found = match_folded(span, name)
    if found is None:
        return 0.0
    score, kind = found
    if kind == "contains" and not span.unspaced:
        return 0.0  # A fragment of a room's name ("oom") is no room.
    if kind == "tokens" and score < 0.9 and len(span.tokens) < len(name.tokens):
        return 0.0  # "bed" is not "Bedroom", "living" not "Living room".
    if kind == "fuzzy" and (
        len(span.compact) < _SHORT + 1 or all(_is_device_word(token) for token in span.tokens)
    ):
        return 0.0  # Too short for a typo; or words for devices ("ventilador"), not a room's.
    return score


def _is_device_word(word: str) -> bool:
    """Return True when `word` is a word of `_device_words`, as a plural or a definite form too.

    "dörren" (Swedish: the door) is a door's word, not a typo of a room's ("dormir").
    """
    words = _device_words()
    return word in words or _singular(word) in words or any(stem in words for stem in _stems(word))


@lru_cache(maxsize=1)
def _device_words() -> frozenset[str]:
    """Return every word of `DOMAIN_WORDS`, `DEVICE_CLASS_WORDS` and `COMMAND_WORDS`."""
    return frozenset(
        word
        for table in (DOMAIN_WORDS, DEVICE_CLASS_WORDS, COMMAND_WORDS)
        for words in table.values()
        for word in words
    )


ORDINALS: Final[dict[str, str]] = {
    fold(word): str(number)
    for number, words in {
        1: ("first", "1st", "premier", "première", "erste", "ersten", "primero", "primera"),
        2: ("second", "2nd", "deuxième", "zweite", "zweiten", "segundo", "segunda", "secondo"),
        3: ("third", "3rd", "troisième", "dritte", "dritten", "tercero", "tercera", "terzo"),
        # Not Spanish's "cuarto" nor Portuguese's "quarto": a room.
        4: ("fourth", "4th", "quatrième", "vierte", "vierten"),
        5: ("fifth", "5th", "cinquième", "fünfte", "fünften"),
    }.items()
    for word in words
}
"""Ordinal words and the number they say: "the second plug" is the one called Plug 2."""


CARDINALS: Final[dict[str, str]] = {
    fold(word): str(number)
    for number, words in {
        # Not the words that are articles or other words too ("un", "une", "ein", "uno", "een";
        # "due", "sei", "sept", "tio").
        1: ("one", "eins"),
        2: ("two", "deux", "zwei", "twee", "två"),
        3: ("three", "trois", "drei", "tres", "drie", "tři"),
        4: ("four", "quatre", "vier", "cuatro", "quattro", "fyra"),
        5: ("five", "cinq", "fünf", "cinco", "cinque", "vijf"),
        6: ("six", "sechs", "seis"),
        7: ("seven", "sieben", "siete", "sette", "zeven"),
        8: ("eight", "huit", "acht", "ocho", "åtta"),
        9: ("nine", "neun", "nueve", "negen"),
        10: ("ten", "dix", "zehn", "diez", "dieci"),
    }.items()
    for word in words
}
"""Numbers said as words, and the number they say: "plug one" is the one called Plug 1."""


DURATION_UNITS: Final = frozenset(
    {
        *("second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "day", "days"),
        *("week", "weeks", "fortnight", "month", "months", "year", "years", "weekend"),
    }
)
"""Units of time, said for how long ("for two weeks", "for 10 minutes"): English (folded)."""
DURATION_COUNTS: Final = frozenset({"a", "an", "the", "few", "couple", "of", "whole", "several"})
"""Words counting the units of a duration, numbers aside ("for a couple of weeks")."""


def _without_durations(words: list[str]) -> list[str]:
    """Return `words` without how long something is for ("for two weeks", "for 10 minutes").

    A duration names nothing of the house ("we're off on holiday for two weeks": the
    Vacation mode); "for", counting words (`DURATION_COUNTS`, a number, `CARDINALS`), then a
    unit of time (`DURATION_UNITS`).
    """
    if "for" not in words or DURATION_UNITS.isdisjoint(words):
        return words
    fixed: list[str] = []
    index = 0
    while index < len(words):
        end = index + 1
        if words[index] == "for":
            while end < len(words) and (
                words[end] in DURATION_COUNTS or words[end] in CARDINALS or words[end].isdigit()
            ):
                end += 1
            if end < len(words) and words[end] in DURATION_UNITS:
                index = end + 1
                continue
        fixed.append(words[index])
        index += 1
    return fixed or words


PRONOUNS: Final = frozenset({"one", "ones"})
"""English words standing for a device named before ("the bedroom one"): no number (folded)."""


def _without_pronoun(kept: list[str], said: list[str]) -> list[str]:
    """Return `kept` (the words `said`, fillers dropped) without a pronoun standing for a device.

    "the bedroom one", "the kitchen ones": an article, a word, then "one" (`PRONOUNS`) is the
    bedroom's device, not the one numbered 1 ("is plug one on?" is Plug 1).
    """
    pronouns = {
        index
        for index, word in enumerate(said)
        if word in PRONOUNS and index >= 2 and said[index - 2] in ENGLISH_ARTICLES
    }
    if not pronouns:
        return kept
    dropped = {said[index] for index in pronouns}
    # `kept` holds the words of `said` in order: drop as many of the pronouns as were found.
    count = len(pronouns)
    fixed: list[str] = []
    for word in reversed(kept):
        if count and word in dropped:
            count -= 1
            continue
        fixed.append(word)
    return fixed[::-1] or kept


def _numbered(words: list[str]) -> list[str]:
    """Return `words` with a number said as a word after a name's word said as its digits.

    "is plug one on?": "plug 1" (`CARDINALS`), as the entity is named; a number word first, or
    after another number, is left as it is ("one light").
    """
    if CARDINALS.keys().isdisjoint(words[1:]):
        return words
    return [
        CARDINALS[word]
        if index and word in CARDINALS and words[index - 1] not in CARDINALS
        else word
        for index, word in enumerate(words)
    ]


def word_score(query_word: str, value_word: str) -> float:
    """Return how well one query word matches one word of a name (0: not at all).

    An ordinal (`ORDINALS`) is its number: "second" is the "2" of "Plug 2".
    """
    if query_word == value_word or ORDINALS.get(query_word) == value_word:
        return 1.0
    if _singular(query_word) == _singular(value_word):
        return 0.95
    if len(query_word) >= 3 and value_word.startswith(query_word):
        return 0.85
    unspaced = Folded.of(query_word).unspaced
    if unspaced and (
        query_word in value_word or (len(value_word) > 1 and value_word in query_word)
    ):
        return (
            0.85  # Written without spaces, a word holds the next: "人感センサー" is a "人感" one.
        )
    if unspaced or query_word[0] != value_word[0]:
        return 0.0  # A typo seldom changes the first letter: "lite" is no "climate".
    if _one_edit(query_word, value_word):
        return 0.75
    if min(len(query_word), len(value_word)) < _SHORT:
        return 0.0
    q, v = _singular(query_word), _singular(value_word)
    ratio = 2.0 * matching_letters(q, v) / (len(q) + len(v))
    return round(0.5 + (ratio - WORD_RATIO) * 1.4, 3) if ratio >= WORD_RATIO else 0.0


def _one_edit(a: str, b: str) -> bool:
    """Return True if one letter added, dropped, changed or swapped makes `a` into `b`."""
    if abs(len(a) - len(b)) > 1 or min(len(a), len(b)) < 3:
        return False
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    a_rest, b_rest = a[start:], b[start:]
    return (
        a_rest[1:] == b_rest[1:]
        or a_rest[1:] == b_rest
        or a_rest == b_rest[1:]
        or (len(a_rest) >= 2 and a_rest[1] + a_rest[0] + a_rest[2:] == b_rest)
    )


def _singular(word: str) -> str:
    """Return `word` without a plural's final s or x (Latin words of 4 letters or more)."""
    return word[:-1] if len(word) >= 4 and word[-1] in "sx" else word


class WordScorer:
    """Scores device words against entities' words, remembering each word's scores for one query."""

    def __init__(
        self,
        words: Sequence[str],
        more_kinds: Callable[[str, str | None], Iterable[str]] | None = None,
        exact_kinds: Callable[[str | None, str | None], Container[str]] | None = None,
        *,
        commands: bool = False,
    ) -> None:
        """Score these device words (folded).

        more_kinds: more words naming an entity's kind, given its domain and
            device class (the closest matches read `DOMAIN_MEASURES`).
        exact_kinds: words naming it that count only as written (or without
            a plural's s), never as a typo: Home Assistant's words in some
            sixty languages (`language.py`), where a typo of a word of one
            language is often a word of another ("cerradura", a lock in
            Spanish, is one letter from "ceradu").
        commands: the query asks for something to be done (no question): a
            command word (`COMMAND_WORDS`) found in the names of an entity
            it cannot act on counts `FOREIGN_COMMAND_WEIGHT` of its score
            ("unlock the kitchen door": the lock, before a switch whose
            long name says "unlock"); scenes and scripts, whose names are
            commands, keep it whole. Without it (a question), a word of
            `OPEN_STATES` names an opening sensor as a command word names
            what it acts on ("is the window open?": its contact too).
        """
        self.words = tuple(words)
        self._more_kinds = more_kinds
        self._exact_kinds = exact_kinds
        self._scores: list[dict[str, float]] = [{} for _ in self.words]
        self._kinds: dict[tuple[str, str | None], tuple[float, ...]] = {}
        self._class_names = [_class_names(word) | _compound_parts(word) for word in self.words]
        self._domain_names = [_domain_names(word) for word in self.words]
        self._acts_on = [_command_domains(word) if commands else frozenset() for word in self.words]
        self._asks = not commands
        self._plural_of = [_plural_domains(word) for word in self.words]
        self._synonyms = [word_synonyms(word) for word in self.words]
        self._occasions = [word in OCCASIONS for word in self.words]
        self._own_domains = [_own_domains(word) for word in self.words]

    def _best(self, index: int, values: Iterable[str]) -> float:
        """Return the best `word_score` of word `index` over `values`."""
        best = 0.0
        word, scores = self.words[index], self._scores[index]
        for value in values:
            score = scores.get(value)
            if score is None:
                score = scores[value] = word_score(word, value)
            if score > best:
                best = score
                if best == 1.0:
                    break
        if best < SYNONYM_WEIGHT and (synonyms := self._synonyms[index]):
            # A place's name in another language ("verger": the valve called Orchard), or a
            # household's word for a word of the name ("fairy": Decorative Lights).
            if any(value in synonyms for value in values):
                best = SYNONYM_WEIGHT
        return best

    def score(
        self, tokens: Sequence[str], domain: str, device_class: str | None, *, every: bool = False
    ) -> tuple[float, str] | None:
        """Return (word score, what matched) for the words of an entity's names, or None.

        A device word matches a word of the names, of the domain or of the
        device class, or is a command word for the domain (`COMMAND_WORDS`). The score is the words' mean, a word that matched
        nothing counting 0, a word naming both the entity and its kind
        counting `AGREEMENT` more; None when no word, or fewer than half of
        them, matched ("ofice ceilng light" still finds the office's only light),
        or with `every` when one of them did not.
        What matched: "name" when the names held every word that matched,
        else "domain".
        """
        kinds = self._kind_scores(domain, device_class)
        total, matched, by_name = 0.0, 0, True
        for index, in_kind in enumerate(kinds):
            in_names = (
                self._in_names(index, tokens)
                if self._class_names[index]
                else self._best(index, tokens)
            )
            if (
                in_names < CLASS_NAME_WEIGHT
                and (named := self._domain_names[index])
                and domain not in named
                and any(token in named for token in tokens)
            ):
                # A word for another domain said of a name holding that domain's own word:
                # "fläkten" (the fan, in Swedish) is the switch called Cinema Fan.
                in_names = CLASS_NAME_WEIGHT
            if (
                in_names < SYNONYM_WEIGHT
                and self._occasions[index]
                and domain in ROUTINE_DOMAINS
                and any(token in OCCASIONS for token in tokens)
            ):
                # A routine's occasion said another way: "movie night" is "Movie time".
                in_names = SYNONYM_WEIGHT
            if in_names and (kinds_of := self._plural_of[index]) and domain not in kinds_of:
                # "thermostats": the devices of that kind, before a sensor called Thermostat.
                in_names *= PLURAL_NAME_WEIGHT
            if (
                in_names
                and (acts_on := self._acts_on[index])
                and domain not in acts_on
                and domain not in STATELESS_DOMAINS
            ):
                in_names *= FOREIGN_COMMAND_WEIGHT
            if in_names or in_kind:
                matched += 1
                by_name = by_name and in_names >= in_kind
                # The name's own word breaks a tie with the domain's ("lampe": "Lamp").
                total += min(max(in_names, in_kind) + 0.05 * in_names, 1.0)
                if in_names and in_kind:
                    total += AGREEMENT  # The name and the kind both say it.
        if not matched or 2 * matched < len(self.words) or (every and matched < len(self.words)):
            return None
        return total / len(self.words), "name" if by_name else "domain"

    def word_scores(
        self, tokens: Sequence[str], domain: str, device_class: str | None
    ) -> list[tuple[float, float]]:
        """Return, for each word, how well it matches the names' `tokens` and the entity's kind."""
        kinds = self._kind_scores(domain, device_class)
        return [(self._in_names(index, tokens), in_kind) for index, in_kind in enumerate(kinds)]

    def _in_names(self, index: int, tokens: Sequence[str]) -> float:
        """Return how well word `index` matches the names' `tokens`.

        A word for a device class in another language ("Fenster", "steamy")
        matches a name holding the class's own word ("Window", "Humidity")
        at `CLASS_NAME_WEIGHT`.
        """
        best = self._best(index, tokens)
        if best < CLASS_NAME_WEIGHT and (own := self._class_names[index]):
            if any(token in own or _singular(token) in own for token in tokens):
                return CLASS_NAME_WEIGHT
        return best

    def _kind_scores(self, domain: str, device_class: str | None) -> tuple[float, ...]:
        """Return how well each word names the kind of an entity of `domain` and `device_class`.

        A word naming its device class scores `CLASS_BONUS` more than one
        naming only its domain; a word ending in a word for the kind
        (`_compound_score`) scores `COMPOUND_WEIGHT` of it.
        """
        kinds = self._kinds.get((domain, device_class))
        if kinds is None:
            names = [*DOMAIN_WORDS.get(domain, ())]
            # Words of the domain that name none of this class ("curtain": no garage door).
            otherwise = NAMED_OTHERWISE.get(device_class or "", frozenset())
            if otherwise:
                names = [name for name in names if name not in otherwise]
            if self._more_kinds is not None:
                names += self._more_kinds(domain, device_class)
            of_class = DEVICE_CLASS_WORDS.get(device_class or "", frozenset())
            commands = COMMAND_WORDS.get(domain, ())
            if self._asks and domain == "binary_sensor" and device_class in OPENING_CLASSES:
                commands = OPEN_STATES  # "is the window open?": its contact's state.
            exact = self._exact_kinds(domain, device_class) if self._exact_kinds else ()
            exact_class = (
                self._exact_kinds(None, device_class)
                if self._exact_kinds is not None and device_class
                else ()
            )
            scores = []
            for index, word in enumerate(self.words):
                singular = _singular(word)
                if word in otherwise or singular in otherwise:
                    scores.append(0.0)
                    continue
                in_class = self._best(index, of_class)
                # A command's word for a kind that acts ("Mach das Licht an": a light) is not
                # the class of a sensor another language calls so (Dutch illuminance: Licht).
                yields = (
                    not self._asks
                    and domain in READ_ONLY_DOMAINS
                    and bool(own := self._own_domains[index])
                    and domain not in own
                )
                exact_in_class = not yields and (word in exact_class or singular in exact_class)
                score = max(
                    self._best(index, names) * 0.95,
                    in_class * 0.95 + CLASS_BONUS if in_class else 0.0,
                    self._best(index, commands) * COMMAND_WEIGHT if commands else 0.0,
                    0.95 + CLASS_BONUS if exact_in_class else 0.0,
                    0.95 if not yields and (word in exact or singular in exact) else 0.0,
                )
                if score < STEM_WEIGHT * 0.95 + CLASS_BONUS and (stems := _stems(word)):
                    # A definite form ("uttaget": the socket, in Swedish) names its stem's kind,
                    # its device class's first ("Steckdosen": a plug before a relay).
                    if any(stem in of_class or stem in exact_class for stem in stems):
                        score = max(score, STEM_WEIGHT * 0.95 + CLASS_BONUS)
                    elif any(stem in names or stem in exact for stem in stems):
                        score = max(score, STEM_WEIGHT * 0.95)
                if not score and (tails := _compound_tails(word)):
                    if any(tail in of_class or tail in names for tail in tails):
                        score = 0.95 * COMPOUND_WEIGHT
                scores.append(score)
            kinds = self._kinds[domain, device_class] = tuple(scores)
        return kinds


@lru_cache(maxsize=1024)
def _class_names(word: str) -> frozenset[str]:
    """Return the own words of the device classes `word` names in another word ("fenster": window).

    Only classes named by one word, and not when `word` is itself one ("door" is no "garage").
    """
    if word in DEVICE_CLASS_WORDS:
        return frozenset()
    singular = _singular(word)
    return frozenset(
        device_class
        for device_class, words in DEVICE_CLASS_WORDS.items()
        if "_" not in device_class and (word in words or singular in words)
    )


@lru_cache(maxsize=1024)
def _domain_names(word: str) -> frozenset[str]:
    """Return the domains (named by one word) `word` names in another word ("fläkten": fan).

    As written, without a plural's s, or as the definite form of one
    (`_stems`: "fläkten" is "fläkt"); not when `word` is the domain's own.
    """
    forms = {word, _singular(word), *_stems(word)}
    return frozenset(
        domain
        for domain, words in DOMAIN_WORDS.items()
        if "_" not in domain and domain not in forms and not forms.isdisjoint(words)
    )


READ_ONLY_DOMAINS: Final = frozenset({"sensor", "binary_sensor"})
"""Domains whose entities a command cannot act on, only read."""


@lru_cache(maxsize=1024)
def _own_domains(word: str) -> frozenset[str]:
    """Return the domains of `DOMAIN_WORDS` that name `word` as written or as a plural."""
    forms = {word, _singular(word)}
    return frozenset(
        domain for domain, words in DOMAIN_WORDS.items() if not forms.isdisjoint(words)
    )


@lru_cache(maxsize=1024)
def _plural_domains(word: str) -> frozenset[str]:
    """Return the domains whose word `word` is the plural of ("thermostats": climate), or none.

    None when `word` is itself a domain's word, or no plural.
    """
    singular = _singular(word)
    if singular == word or any(word in words for words in DOMAIN_WORDS.values()):
        return frozenset()
    return frozenset(domain for domain, words in DOMAIN_WORDS.items() if singular in words)


@lru_cache(maxsize=1024)
def _command_domains(word: str) -> frozenset[str]:
    """Return the domains `word` is a command for (`COMMAND_WORDS`; empty: no command).

    As written, or one letter away from a command of `_TYPO_COMMAND` letters
    or more ("unlcok"; not "oven", one letter from "open").
    """
    return frozenset(
        domain
        for domain, words in COMMAND_WORDS.items()
        if word in words
        or (len(word) >= _TYPO_COMMAND and any(_one_edit(word, command) for command in words))
    )


@lru_cache(maxsize=1024)
def _compound_parts(word: str) -> frozenset[str]:
    """Return the words a compound's first part means ("taklampan": ceiling, plafond, tak, …).

    The first part itself too, of three letters or more: "spotlights" are the
    lights called Spots.
    """
    if len(word) < _SHORT + _COMPOUND_HEAD or Folded.of(word).unspaced:
        return frozenset()
    for kind in _kind_words():
        at = word.find(kind, _COMPOUND_HEAD)
        if at != -1 and len(word) - at - len(kind) <= _COMPOUND_TAIL:
            head = word[:at]
            return frozenset(
                part
                for group in PART_WORDS
                if head in group or head[:-1] in group
                for part in group
            ) | ({head} if len(head) >= _MIN_HEAD else set())
    return frozenset()


@lru_cache(maxsize=1)
def _kind_words() -> tuple[str, ...]:
    """Return every word of `DOMAIN_WORDS` and `DEVICE_CLASS_WORDS` of `_SHORT` letters or more."""
    words = {
        word
        for table in (DOMAIN_WORDS, DEVICE_CLASS_WORDS)
        for names in table.values()
        for word in names
        if len(word) >= _SHORT
    }
    return tuple(sorted(words, key=lambda word: (-len(word), word)))


@lru_cache(maxsize=1024)
def _compound_tails(word: str) -> frozenset[str]:
    """Return the words for a kind that `word` is a compound of ("taklampan": lamp).

    "Stehlampe", "taklampan" (Swedish: the ceiling lamp), "spotlights": a
    kind's word of `_SHORT` letters or more after at least `_COMPOUND_HEAD`
    letters, followed by at most `_COMPOUND_TAIL` (an ending, a plural).
    """
    if len(word) < _SHORT + _COMPOUND_HEAD or Folded.of(word).unspaced:
        return frozenset()
    return frozenset(
        kind
        for kind in _kind_words()
        if (at := word.find(kind, _COMPOUND_HEAD)) != -1
        and len(word) - at - len(kind) <= _COMPOUND_TAIL
    )


def name_words(folded: Folded) -> tuple[str, ...]:
    """Return the words of a folded name, split at Japanese particles, `COMPOUNDS` joined."""
    if not folded.unspaced:
        tokens = folded.tokens
        return tokens if len(tokens) < 2 else tuple(_compounds(tokens))
    return tuple(part for token in folded.tokens for part in _PARTICLES.split(token) if part)


def domains_named(words: Iterable[str], *, commands: bool = True) -> set[str]:
    """Return the domains some of `words` name or act on (typos allowed, as `word_score` allows).

    A compound word names the domain of the word it ends in ("spotlights": light).
    Without `commands`, only the domains they name (not those a command word acts on).
    """
    found = set()
    for word in words:
        tails = _compound_tails(word)
        for domain, names in DOMAIN_WORDS.items():
            if any(word_score(word, name) >= 0.6 for name in names) or not tails.isdisjoint(names):
                found.add(domain)
        if commands:
            found.update(domain for domain, names in COMMAND_WORDS.items() if word in names)
    return found


# --- The closest matches: when no entity matches every word -------------------------

NAME_WEIGHT: Final = 1.0
"""What a word of the query found in an entity's names counts for, among the closest matches."""
PLACE_WEIGHT: Final = 0.8
"""What the room (or floor) the query names counts for, when the entity is there."""
EXACT_WORD: Final = 0.95
"""A word's score in a name as written or as its plural (`word_score`): no typo of another word.
Among the closest matches, the words of a room said as it is called count elsewhere only so."""
KIND_WEIGHT: Final = 0.6
"""What a word naming the entity's kind (domain, device class, command) counts for."""
CLOSEST_BASE: Final = 0.3
CLOSEST_SPAN: Final = 0.4
"""A closest match scores `CLOSEST_BASE` + `CLOSEST_SPAN` * (its words' weights / the words that
matched some entity): at most 0.7, always weak (`matching.STRONG`)."""

DOMAIN_MEASURES: Final[dict[str, tuple[str, ...]]] = {
    # What the entities of a domain report besides their state (Home Assistant's
    # current_temperature, current_humidity): the device class's words name them too.
    "climate": ("temperature", "humidity"),
    "water_heater": ("temperature",),
    "humidifier": ("humidity",),
    "weather": ("temperature", "humidity"),
}
"""Device classes whose words also name a domain's entities, among the closest matches."""


CLOSEST_MAX_WORDS: Final = 12
"""The words of a query the closest matches read, at most (each is looked up in every name)."""


def closest_words(words: Iterable[str], skip: Container[str] = ()) -> list[str]:
    """Return the words a closest match is scored by: none of one letter, none in `skip`.

    A letter left of a word ("it's": "it", "s") names nothing; `skip` holds
    the filler words of Home Assistant's language data (`language.py`). The
    first `CLOSEST_MAX_WORDS` only.
    """
    kept = [
        word for word in words if (len(word) > 1 or Folded.of(word).unspaced) and word not in skip
    ]
    return kept[:CLOSEST_MAX_WORDS]


def device_classes_named(words: Iterable[str]) -> set[str]:
    """Return the device classes some of `words` name (typos allowed, as `domains_named`)."""
    return {
        device_class
        for word in words
        for device_class, names in DEVICE_CLASS_WORDS.items()
        if any(word_score(word, name) >= 0.6 for name in names)
    }

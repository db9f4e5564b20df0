/// The words a screen reader uses for its activation gesture, by language: what a hint or an
/// action fragment must not say itself, because the screen reader says it (TalkBack composes
/// "‹gesture› to ‹fragment›"; VoiceOver users know the gesture, and Apple's guidance is that a
/// hint says the result).
enum GestureWords {
    /// Speakable's own languages, with VoiceOver's and TalkBack's phrasings and common variants
    /// (as the screen readers' own usage hints say them): English and Korean.
    static let curated: [String: [String]] = [
        "en": ["double tap", "double-tap", "double click", "double-click", "triple tap", "tap and hold", "tap to", "long press",
               "long-press", "swipe"],
        // (Korean: written with care, awaits a native speaker's review.)
        // Longer phrases first: a phrase found is not found again inside another ("더블 탭하여"
        // is "더블 탭", not "탭하").
        "ko": ["두 번 탭", "이중 탭", "두 번 누르", "두 번 눌러", "두 번 터치", "더블 탭", "더블탭", "길게 누르", "길게 눌러", "두드려",
               "두드리", "탭하", "스와이프"],
    ]

    /// TalkBack's own word for its gesture in each language it ships (`value_double_tap` in
    /// google/talkback `talkback/src/main/res/values-*/strings_compositor.xml` @ 26a27dc0,
    /// Apache-2.0), by language subtag — regional variants merged (`zh`: 点按两次, 輕按兩下, 輕觸兩下).
    static let talkBack: [String: [String]] = [
        "af": ["Dubbeltik"],
        "am": ["ሁለቴ መታ ማድረግ"],
        "ar": ["النقر مرّتين"],
        "as": ["দুবাৰ টিপক"],
        "az": ["İkili tıklama"],
        "be": ["Падвойнае крананне"],
        "bg": ["Двукратно докосване"],
        "bn": ["দুবার আলতো চাপা"],
        "bs": ["Dodirnite dvaput"],
        "ca": ["Doble toc"],
        "cs": ["dvojitým klepnutím"],
        "da": ["Tryk to gange"],
        "de": ["doppeltippen"],
        "el": ["Διπλό πάτημα"],
        "en": ["Double-tap"],
        "es": ["Tocar dos veces", "Toca dos veces"],
        "et": ["Topeltpuudutamine"],
        "eu": ["Sakatu birritan"],
        "fa": ["دو بار ضربه زدن"],
        "fi": ["Kaksoisnapauta"],
        "fil": ["I-double tap"],
        "fr": ["Double-toucher", "Appuyer deux fois"],
        "gl": ["Toca dúas veces"],
        "gu": ["બે વાર ટેપ કરો"],
        "he": ["הקשה כפולה"],
        "hi": ["दो बार टैप करें"],
        "hr": ["Dodirnite dvaput"],
        "hu": ["Dupla koppintás"],
        "hy": ["Երկհպում"],
        "id": ["Ketuk dua kali"],
        "is": ["Ýttu tvisvar"],
        "it": ["Tocca due volte"],
        "ja": ["ダブルタップ"],
        "ka": ["ორმაგი შეხება"],
        "kk": ["Екі рет түрту"],
        "km": ["ប៉ះ​ពីរ​ដង"],
        "kn": ["ಎರಡು ಬಾರಿ ಟ್ಯಾಪ್"],
        "ko": ["두 번 탭"],
        "ky": ["Эки жолу таптоо"],
        "lo": ["ແຕະສອງເທື່ອ"],
        "lt": ["Dukart palieskite"],
        "lv": ["Dubultskāriens"],
        "mk": ["Двоен допир"],
        "ml": ["ഡബിൾ ടാപ്പ്"],
        "mn": ["Давхар-товшилт"],
        "mr": ["डबल-टॅप"],
        "ms": ["Kelik dua kali"],
        "my": ["နှစ်ကြိမ်ပုတ်"],
        "nb": ["Dobbelttrykk"],
        "ne": ["दुईचोटि ट्याप गर्नुहोस्"],
        "nl": ["Dubbeltik"],
        "or": ["ଡବଲ୍‌-ଟାପ୍‌"],
        "pa": ["ਡਬਲ ਟੈਪ ਕਰੋ"],
        "pl": ["Kliknij dwukrotnie"],
        "pt": ["Tocar duas vezes"],
        "ro": ["Atingere dublă"],
        "ru": ["Коснитесь дважды"],
        "si": ["ද්විත්ව-තට්ටු කිරීම"],
        "sk": ["Dvakrát klepnite"],
        "sl": ["Dvakrat se dotaknite za"],
        "sq": ["Trokit dy herë"],
        "sr": ["Dodirnite dvaput", "Додирните двапут"],
        "sv": ["Tryck två gånger"],
        "sw": ["Gusa mara mbili"],
        "ta": ["இருமுறை தட்டுதல்"],
        "te": ["రెండుసార్లు నొక్కండి"],
        "th": ["การแตะ 2 ครั้ง"],
        "tr": ["İki kez dokunun"],
        "uk": ["Двічі торкніться"],
        "ur": ["دو بار تھپتھپائیں"],
        "uz": ["Ikki marta bosish"],
        "vi": ["Nhấn đúp"],
        "zh": ["点按两次", "輕按兩下", "輕觸兩下"],
        "zu": ["Thepha kabili"],
    ]

    /// The phrases to look for in `language`, lower-cased.
    static func phrases(for language: String) -> [String] { all[language] ?? [] }

    /// Every language's phrases, computed once.
    static let all: [String: [String]] = {
        var result: [String: [String]] = [:]
        for language in Set(curated.keys).union(talkBack.keys) {
            var phrases = curated[language] ?? []
            for word in talkBack[language] ?? [] where !phrases.contains(word.lowercased()) { phrases.append(word.lowercased()) }
            result[language] = phrases
        }
        return result
    }()

    /// Languages whose words are checked.
    static var languages: Set<String> { Set(curated.keys).union(talkBack.keys) }
}

import Glibc

/// The user's locale, as far as drawing needs it: whether it can show UTF-8.
package enum UserLocale {
    /// Loads the user's character-type locale (only that category: it is what wide characters
    /// need, and reading the others' files would only slow the start) and says whether its
    /// codeset is UTF-8. `LANG=C` is not: Segue then draws ASCII. Asked once a process.
    package static let isUTF8: Bool = {
        setlocale(LC_CTYPE, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        // C's comparison: the generic String search costs a tenth of a millisecond at start-up.
        return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "UTF8") == 0
    }()
}

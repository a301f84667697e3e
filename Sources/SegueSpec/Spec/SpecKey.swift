@_spi(Scanning) import SegueJSON
/// A key the spec format gives meaning to, recognised from its raw bytes.
///
/// Every row has keys, and a million rows would mean a million `String`s if each key were decoded
/// to be compared. Instead a key of up to 8 bytes is read as one little-endian word and compared
/// with the words below; escaped keys (`"tit\u006ce"`) still decode, and match like their plain form.
package enum SpecKey {
    case title, sections, header, footer, rows, detail, enabled, segue, action
    case cell, nib, `class`, key, setting, options, wrap, forEach, `as`, row
    case data, dataFile, settingsFile, cells, include, source, empty, filter, sort, preview, actions, theme, keys
    /// Keys row kinds read (an input row's `InputRules`, a slider's `step`), an input row's
    /// placeholder, and a row's `hidden`.
    case kind, min, max, pattern, invalid, step, placeholder, hidden
    /// A row binding `enabled` to data, so that whether it takes the cursor depends on the data.
    case enabledKeyPath
    /// Any other key: skipped at the top and in sections, kept in a row's `extras`.
    case other

    @inline(__always)
    package init(_ key: JSONStringToken, in bytes: UnsafeBufferPointer<UInt8>) {
        let length = key.end - key.start
        guard !key.hasEscapes, length <= 8, key.start + 8 <= bytes.count, let base = bytes.baseAddress else {
            self.init(slowly: key, in: bytes)
            return
        }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + key.start).loadUnaligned(as: UInt64.self))
        // Bytes past the key are masked off; no key byte is 0 (the scanner rejects raw NULs), so
        // the masked word tells keys of different lengths apart.
        let mask: UInt64 = length == 8 ? ~0 : (1 << (UInt64(length) * 8)) &- 1
        switch word & mask {
        // "title", "detail", … as little-endian words: the first character in the lowest byte.
        case 0x65_6C74_6974: self = .title
        case 0x6C69_6174_6564: self = .detail
        case 0x64_656C_6261_6E65: self = .enabled
        case 0x65_7567_6573: self = .segue
        case 0x6E6F_6974_6361: self = .action
        case 0x7377_6F72: self = .rows
        case 0x7265_6461_6568: self = .header
        case 0x7265_746F_6F66: self = .footer
        case 0x736E_6F69_7463_6573: self = .sections
        case 0x6C6C_6563: self = .cell
        case 0x62_696E: self = .nib
        case 0x73_7361_6C63: self = .class
        case 0x79_656B: self = .key
        case 0x67_6E69_7474_6573: self = .setting
        case 0x73_6E6F_6974_706F: self = .options
        case 0x7061_7277: self = .wrap
        case 0x68_6361_4572_6F66: self = .forEach
        case 0x7361: self = .as
        case 0x77_6F72: self = .row
        case 0x6174_6164: self = .data
        case 0x656C_6946_6174_6164: self = .dataFile
        case 0x73_6C6C_6563: self = .cells
        case 0x65_6475_6C63_6E69: self = .include
        case 0x6563_7275_6F73: self = .source
        case 0x79_7470_6D65: self = .empty
        case 0x72_6574_6C69_66: self = .filter
        case 0x7472_6F73: self = .sort
        case 0x77_6569_7665_7270: self = .preview
        case 0x73_6E6F_6974_6361: self = .actions
        case 0x65_6D65_6874: self = .theme
        case 0x7379_656B: self = .keys
        case 0x646E_696B: self = .kind
        case 0x6E_696D: self = .min
        case 0x78_616D: self = .max
        case 0x6E_7265_7474_6170: self = .pattern
        case 0x64_696C_6176_6E69: self = .invalid
        case 0x7065_7473: self = .step
        case 0x6E65_6464_6968: self = .hidden
        default: self = .other
        }
    }

    /// Matching for escaped keys, long keys and keys too near the end of the input for a word read.
    private init(slowly key: JSONStringToken, in bytes: UnsafeBufferPointer<UInt8>) {
        // Only `placeholder` (11 bytes), `settingsFile` (12) and `enabledKeyPath` (14) are longer
        // than 8 bytes; keys of the first two lengths are rare enough to decode, and rows are full
        // of `…KeyPath` keys, so the third is compared in place.
        switch key.end - key.start {
        case _ where key.hasEscapes, 0...8, 11, 12:
            self.init(name: key.decode(in: bytes))
        case 14:
            self = key.equals("enabledKeyPath", in: bytes) ? .enabledKeyPath : .other
        default:
            self = .other
        }
    }

    package init(name: String) {
        switch name {
        case "title": self = .title
        case "sections": self = .sections
        case "header": self = .header
        case "footer": self = .footer
        case "preview": self = .preview
        case "actions": self = .actions
        case "theme": self = .theme
        case "keys": self = .keys
        case "rows": self = .rows
        case "detail": self = .detail
        case "enabled": self = .enabled
        case "segue": self = .segue
        case "action": self = .action
        case "cell": self = .cell
        case "nib": self = .nib
        case "class": self = .class
        case "key": self = .key
        case "setting": self = .setting
        case "options": self = .options
        case "wrap": self = .wrap
        case "forEach": self = .forEach
        case "as": self = .as
        case "row": self = .row
        case "data": self = .data
        case "dataFile": self = .dataFile
        case "settingsFile": self = .settingsFile
        case "cells": self = .cells
        case "include": self = .include
        case "source": self = .source
        case "empty": self = .empty
        case "filter": self = .filter
        case "sort": self = .sort
        case "enabledKeyPath": self = .enabledKeyPath
        case "kind": self = .kind
        case "min": self = .min
        case "max": self = .max
        case "pattern": self = .pattern
        case "invalid": self = .invalid
        case "step": self = .step
        case "placeholder": self = .placeholder
        case "hidden": self = .hidden
        default: self = .other
        }
    }
}

import Foundation
import Testing

/// Data binding in the real terminal: settings that survive a restart, generated rows that lead
/// to detail screens and back.
@Suite(.serialized) struct DataBindingSessionTests {
    let settingsSpec = #"""
        {"title": "Prefs", "settingsFile": "prefs.json", "sections": [{"rows": [
          {"cell": "toggle", "title": "Dark mode", "setting": "dark"},
          {"cell": "choice", "title": "Theme", "setting": "theme", "options": ["Light", "Dark", "Blue"]},
          {"title": "Theme is {{settings.theme | unset}}"}
        ]}]}
        """#

    @Test func aToggledSettingPersistsAcrossRestarts() throws {
        let specs = try Fixtures(["main.json": settingsSpec, "prefs.json": #"{"unknown": [1, 2]}"#])
        let first = try Tmux([Paths.segue, specs.folder.path])
        try first.waitFor(text: "[ ] Dark mode")
        try first.send("Enter", "Down", "Right", "Right")
        try first.waitFor { $0.contains { $0.contains("[x] Dark mode") } && $0.contains { $0.contains("‹ Blue ›") } }
        try first.waitFor(text: "Theme is Blue")
        try first.send("q")
        #expect(try first.exitStatus() == 0)

        let saved = try String(contentsOfFile: specs.path("prefs.json"), encoding: .utf8)
        #expect(saved.contains("\"dark\" : true") || saved.contains("\"dark\": true"))
        #expect(saved.contains("unknown"))  // keys the app does not know are kept

        let second = try Tmux([Paths.segue, specs.folder.path])
        try second.waitFor { $0.contains { $0.contains("[x] Dark mode") } && $0.contains { $0.contains("‹ Blue ›") } }
        try second.send("q")
        #expect(try second.exitStatus() == 0)
    }

    @Test func aCorruptSettingsFileIsReportedAndLeftAlone() throws {
        let specs = try Fixtures(["main.json": settingsSpec, "prefs.json": "{\"dark\": tru"])
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "settings are not saved")
        try tmux.send("Enter")
        try tmux.waitFor(text: "[x] Dark mode")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
        #expect(try String(contentsOfFile: specs.path("prefs.json"), encoding: .utf8) == "{\"dark\": tru")
    }

    @Test func aGeneratedContactOpensItsDetailAndBackReturnsToIt() throws {
        let contacts = (1...40).map { #"{"name": "Person \#($0)", "email": "p\#($0)@example.com"}"# }
        let specs = try Fixtures([
            "main.json": #"""
                {"title": "Contacts", "dataFile": "people.json",
                 "cells": {"ContactCell": {"base": "subtitle", "title": "{{person.name}}", "detail": "{{person.email}}"}},
                 "sections": [{"header": "People", "forEach": "people", "as": "person",
                               "row": {"cell": "ContactCell", "segue": {"spec": "person.json", "data": {"person": "{{person}}"}}}}]}
                """#,
            "people.json": #"{"people": [\#(contacts.joined(separator: ","))]}"#,
            "person.json": #"""
                {"title": "{{person.name}}", "sections": [{"rows": [
                  {"cell": "value", "title": "Email", "detail": "{{person.email}}"},
                  {"cell": "value", "title": "Opened from", "detail": "{{sender.title}}"}]}]}
                """#,
        ])
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "p1@example.com")
        for _ in 0..<24 { try tmux.send("Down") }
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Person 25") } && $0[0].hasSuffix("25/40") }
        try tmux.send("Enter")
        try tmux.waitFor { $0[0].contains("Contacts › Person 25") && $0.contains { $0.contains("p25@example.com") } }
        try tmux.waitFor(text: "Opened from")
        try tmux.send("Left")
        try tmux.waitFor { $0.contains { $0.hasPrefix(" > Person 25") } && $0[0].hasSuffix("25/40") }
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }

    @Test func hotkeysOpenTheirRowFromAnywhere() throws {
        let specs = try Fixtures([
            "main.json": #"{"title": "Menu", "sections": [{"rows": [{"title": "Stay"}, {"title": "Food", "key": "f", "segue": "food.json"}]}]}"#,
            "food.json": #"{"title": "Food", "sections": [{"rows": [{"title": "Pizza"}]}]}"#,
        ])
        let tmux = try Tmux([Paths.segue, specs.folder.path])
        try tmux.waitFor(text: "Food")
        try tmux.send("f")
        try tmux.waitFor(text: "Menu › Food")
        try tmux.send("q")
        #expect(try tmux.exitStatus() == 0)
    }
}

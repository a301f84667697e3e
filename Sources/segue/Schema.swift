/// The JSON Schema of specs (`segue schema`), the same text as docs/segue.schema.json
/// (`make schema` writes this file from it; a test keeps them equal).
enum Schema {
    static let text = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://segue.invalid/segue.schema.json",
  "title": "Segue spec",
  "description": "A screen of the Segue terminal list browser: sections of rows with titles, details, segues and actions. Strings are templates ({{name}}). See docs/spec-format.md.",
  "oneOf": [
    { "$ref": "#/$defs/spec" },
    { "type": "array", "description": "The seed format: a bare array of sections.", "items": { "$ref": "#/$defs/section" } }
  ],
  "$defs": {
    "template": { "type": "string", "description": "Text; {{path.to.value}} is filled from the data context." },
    "optionalString": { "type": ["string", "null"] },
    "spec": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "$schema": { "type": "string" },
        "title": { "type": ["string", "null"], "description": "The screen's title, a template." },
        "sections": { "type": ["array", "null"], "items": { "$ref": "#/$defs/section" } },
        "data": { "type": ["object", "null"], "description": "Data for the screen's templates and key paths." },
        "dataFile": { "$ref": "#/$defs/optionalString", "description": "A JSON file holding an object, relative to the spec's folder." },
        "settingsFile": { "$ref": "#/$defs/optionalString", "description": "Where toggles, choices, input rows and sliders are saved." },
        "multi": { "oneOf": [{ "type": "boolean" }, { "type": "integer", "minimum": 1 }, { "type": "null" }],
                   "description": "Rows can be marked (Space, Tab in the find line) and Enter prints them all: true, or the most that can be marked." },
        "height": { "oneOf": [{ "type": "integer", "minimum": 1 }, { "type": "string", "pattern": "^~?([1-9][0-9]*|[1-9][0-9]?%|100%)$" }, { "type": "null" }],
                    "description": "Drawn under the prompt: lines (10), a share of the terminal (40%) or at most that (~10); --height wins." },
        "select": { "type": ["string", "null"], "description": "The row selected as the screen opens: its id, else its title (a template)." },
        "onOpen": { "$ref": "#/$defs/action", "description": "An action run as the screen first shows, before it is drawn: a prompt, an exec, a set." },
        "refresh": { "enum": ["never", "onShow", null], "description": "onShow: the spec, its data and the settings file are read again whenever the screen shows again." },
        "cwd": { "enum": ["spec", "caller", null], "description": "Where commands run: spec (its folder, the default) or caller (where segue was started)." },
        "saveSettings": { "enum": ["atOnce", "onSave", null], "description": "onSave holds this screen's changes until a save action." },
        "cells": { "$ref": "#/$defs/cells" },
        "include": { "type": ["array", "null"], "items": { "type": "string" }, "description": "Cell libraries to read cell types from." },
        "filter": {
          "description": "Finding rows with /: false turns it off; {\"open\": true, \"prompt\": \"…\"} opens the screen as a picker.",
          "oneOf": [
            { "type": ["boolean", "null"] },
            { "type": "object", "additionalProperties": false,
              "properties": { "open": { "type": ["boolean", "null"] }, "prompt": { "type": ["string", "null"], "minLength": 1 },
                              "accept": { "enum": ["row", "query", null], "description": "query: Enter with nothing matching chooses what was typed." } } }
          ]
        },
        "sort": { "oneOf": [{ "enum": ["spec", "score", "frecency", null] },
                            { "type": "object", "additionalProperties": false, "required": ["by"],
                              "properties": { "by": { "const": "frecency" }, "halfLife": { "type": ["number", "null"], "exclusiveMinimum": 0 } } }],
                  "description": "While finding, each section's matches in the spec's order, or best first; frecency: rows chosen often and lately first (halfLife in days, 7 by default)." },
        "remember": { "type": ["boolean", "null"], "description": "Open on the row the screen was left on last time, this run or an earlier one." },
        "theme": { "enum": ["default", "high-contrast", "mono", null] },
        "keys": { "$ref": "#/$defs/keys" }
      }
    },
    "section": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "header": { "type": ["string", "null"] },
        "footer": { "type": ["string", "null"] },
        "rows": { "type": ["array", "null"], "items": { "$ref": "#/$defs/rowOrGenerator" } },
        "forEach": { "type": "string", "description": "Key path of an array: one row per element." },
        "as": { "type": "string", "pattern": "^[^.]+$", "description": "The name each element is bound to." },
        "row": { "$ref": "#/$defs/row" },
        "source": { "$ref": "#/$defs/source" },
        "empty": { "type": ["string", "null"] },
        "preview": { "$ref": "#/$defs/preview" },
        "columns": { "type": ["array", "null"], "minItems": 1, "items": { "$ref": "#/$defs/column" },
                     "description": "The section is a table: its rows drawn as aligned cells under a header line." }
      },
      "not": { "required": ["forEach", "source"] }
    },
    "column": {
      "oneOf": [
        { "type": "string", "description": "A column named by an attribute, showing it: \"pid\" is {\"title\": \"pid\", \"value\": \"{{pid}}\"}." },
        { "type": "object", "additionalProperties": false, "required": ["title"],
          "properties": {
            "title": { "type": "string", "description": "The column's name in the header line." },
            "value": { "type": "string", "description": "What each row shows in the column: a template (by default {{TITLE}})." },
            "align": { "enum": ["left", "right", "center", "centre", null] },
            "min": { "type": ["integer", "null"], "minimum": 1, "description": "The fewest columns it keeps before columns hide." },
            "max": { "type": ["integer", "null"], "minimum": 1, "description": "The most columns it takes." },
            "shrink": { "type": ["integer", "null"], "minimum": 0, "description": "Higher gives up room first; 0 never shrinks." },
            "hide": { "type": ["integer", "null"], "minimum": 0, "description": "When the minimums do not fit, the highest hides first; absent never hides." },
            "search": { "type": ["boolean", "null"], "description": "Whether the find line reads this column (true)." },
            "sortAs": { "enum": ["auto", "text", "number", null] }
          } }
      ]
    },
    "rowOrGenerator": {
      "if": { "type": "object", "required": ["forEach"] },
      "then": { "$ref": "#/$defs/generator" },
      "else": { "$ref": "#/$defs/row" }
    },
    "generator": {
      "type": "object",
      "properties": {
        "forEach": { "type": "string" },
        "as": { "type": "string", "pattern": "^[^.]+$" },
        "row": { "$ref": "#/$defs/row" }
      },
      "required": ["forEach"]
    },
    "row": {
      "type": "object",
      "description": "Unknown keys are the row's attributes, for templates and cell types.",
      "properties": {
        "title": { "type": ["string", "null"] },
        "detail": { "type": ["string", "null"] },
        "enabled": { "$ref": "#/$defs/condition", "description": "false dims the row and skips it; a template decides as data changes." },
        "hidden": { "$ref": "#/$defs/condition", "description": "true (or a template that holds) leaves the row out." },
        "segue": { "$ref": "#/$defs/segue" },
        "action": { "$ref": "#/$defs/action" },
        "actions": { "type": ["array", "null"], "items": { "$ref": "#/$defs/extraAction" } },
        "cell": { "type": ["string", "null"] },
        "nib": { "type": ["string", "null"] },
        "class": { "type": ["string", "null"] },
        "key": { "type": ["string", "null"], "minLength": 1, "maxLength": 1, "description": "A hotkey: one character." },
        "setting": { "type": ["string", "null"] },
        "options": { "type": ["array", "null"], "items": { "type": ["string", "number", "boolean"] },
                     "description": "A choice's values, saved as written (numbers as numbers)." },
        "placeholder": { "type": ["string", "null"], "description": "An input row's dim text while its value is empty; a choice row's while its setting is unset, which is then a step of its own." },
        "other": { "type": ["boolean", "string", "null"], "description": "A choice row's last step asks for a value of the user's own; a string is its label." },
        "command": { "type": ["array", "null"], "items": { "type": "string" }, "minItems": 1,
                     "description": "A progress row's command: the program and its arguments, run without a shell." },
        "start": { "enum": ["onEnter", "onOpen", null], "description": "When a progress row runs its command: on Enter (the default), or as its screen opens." },
        "kind": { "$ref": "#/$defs/inputKind" },
        "min": { "type": ["number", "null"], "description": "The smallest number an input row (kind number) takes; a slider's left end." },
        "max": { "type": ["number", "null"], "description": "The largest number an input row (kind number) takes; a slider's right end." },
        "step": { "type": ["number", "null"], "exclusiveMinimum": 0, "description": "How far ← and → move a slider (1 by default)." },
        "pattern": { "type": ["string", "null"], "description": "A regular expression the whole value must match." },
        "invalid": { "type": ["string", "null"], "minLength": 1, "description": "What the status line says when a value is refused." },
        "wrap": { "type": ["boolean", "null"] },
        "ansi": { "type": ["boolean", "null"], "description": "Draw the SGR colours in the title (git log --color); matched without them." },
        "hint": { "type": ["string", "null"], "description": "What Enter does, in a word or two, for the hint line (instead of an exec's command)." },
        "settingsUnder": { "type": ["string", "null"], "description": "The settings a row stands for (a JSON Pointer): segue edit shows the schema's problems under it at the row." },
        "preview": { "$ref": "#/$defs/preview" },
        "id": { "description": "What keeps the row selected across reloads, and what --select names." }
      }
    },
    "condition": {
      "oneOf": [
        { "type": ["boolean", "null"] },
        { "type": "string", "pattern": "\\{\\{", "description": "A template; false, 0, \"\", \"false\", \"0\", null and missing are false." }
      ]
    },
    "inputKind": { "enum": ["text", "number", "password", "list", null], "description": "What an input row or a prompt takes." },
    "segue": {
      "oneOf": [
        { "type": "string", "minLength": 1 },
        { "type": "null" },
        { "type": "object", "required": ["spec"],
          "properties": { "spec": { "type": "string", "minLength": 1 }, "data": {} } },
        { "type": "object", "required": ["command"], "description": "A screen made by a program: what the command prints is the spec.",
          "properties": { "command": { "type": "array", "minItems": 1, "items": { "type": "string" } }, "data": {} } }
      ]
    },
    "action": {
      "oneOf": [
        { "type": "null" },
        { "type": "string", "description": "back, root, reload, emit, quit, save, discard, or a registered handler's name." },
        { "type": "object", "required": ["type"],
          "properties": {
            "type": { "type": "string" },
            "spec": { "type": "string" },
            "data": {},
            "value": { "description": "emit: the text printed (a string); append: the item added to the list (any JSON)." },
            "setting": { "type": "string", "minLength": 1, "description": "append, remove and move: the setting (a name, or a JSON Pointer such as /servers/0); a template." },
            "by": { "type": "integer", "not": { "const": 0 }, "description": "move: how many places the item moves (-1: up, 1: down)." },
            "command": { "type": "array", "minItems": 1, "items": { "type": "string" } },
            "wait": { "oneOf": [{ "type": ["boolean", "null"] }, { "type": "string", "minLength": 1 }], "description": "exec: keep the output on screen until a key; text: the words on the line under it." },
            "capture": { "oneOf": [{ "type": "object", "additionalProperties": false, "required": ["setting"], "properties": { "setting": { "type": "string", "minLength": 1 } } },
                          { "type": "object", "additionalProperties": false, "required": ["data"], "properties": { "data": { "type": "string", "minLength": 1 } } },
                          { "type": "null" }],
              "description": "exec: keep what the command prints (trimmed; JSON when it parses) in a setting or in data every screen sees; it runs without the terminal." },
            "then": {},
            "onFailure": { "oneOf": [{ "$ref": "#/$defs/action" }, { "type": "array", "items": { "$ref": "#/$defs/action" } }],
                           "description": "exec: what runs instead of then when the command failed." },
            "settings": { "type": "object", "minProperties": 1, "description": "set: setting names and their values (strings are templates)." },
            "status": { "type": ["integer", "null"], "minimum": 0, "maximum": 255 },
            "confirm": { "oneOf": [{ "type": ["string", "null"], "minLength": 1 },
                                { "type": "object", "additionalProperties": false, "required": ["question"],
                                  "properties": { "question": { "type": "string", "minLength": 1 }, "default": { "enum": ["yes", "no", null] } } }],
                     "description": "A question answered with y first; {question, default: yes} makes Enter say yes." },
            "text": { "type": "string" },
            "error": { "type": ["boolean", "null"] },
            "style": { "enum": ["line", "box", null], "description": "message: line (the status line, the default) or box (shown whole, waits for Enter)." },
            "question": { "type": "string", "minLength": 1, "description": "A prompt's question." },
            "default": { "type": ["string", "null"], "description": "The answer a prompt opens with." },
            "name": { "type": ["string", "null"], "pattern": "^[^. ]+$", "description": "A prompt's name: later prompts of its chain see its answer as {{answers.NAME}}." },
            "kind": { "$ref": "#/$defs/inputKind" },
            "min": { "type": ["number", "null"] },
            "max": { "type": ["number", "null"] },
            "pattern": { "type": ["string", "null"] },
            "invalid": { "type": ["string", "null"], "minLength": 1 }
          },
          "if": { "properties": { "type": { "const": "prompt" } } },
          "then": { "required": ["question", "then"], "properties": { "then": { "$ref": "#/$defs/action" } } },
          "else": { "properties": { "then": { "oneOf": [{ "$ref": "#/$defs/action" },
                                                       { "type": "array", "items": { "$ref": "#/$defs/action" } }] } } } }
      ]
    },
    "extraAction": {
      "type": "object",
      "additionalProperties": false,
      "required": ["title", "action"],
      "properties": {
        "key": { "type": ["string", "null"], "pattern": "^(.|[cC][tT][rR][lL]-[A-Za-z]|[aA][lL][tT]-.|[fF]([1-9]|1[0-2]))$",
                 "description": "A character, or a key that types nothing: ctrl-X, alt-X, F1…F12 (these work in the find line too)." },
        "title": { "type": "string", "minLength": 1 },
        "action": { "$ref": "#/$defs/action" }
      }
    },
    "previewPosition": { "enum": ["right", "bottom", "auto", null] },
    "previewSize": { "oneOf": [{ "type": "integer", "minimum": 1 }, { "type": "string", "pattern": "^([1-9][0-9]?%|[1-9][0-9]*)$" }] },
    "preview": {
      "oneOf": [
        { "type": ["string", "null"] },
        { "type": "object", "additionalProperties": false, "required": ["text"],
          "properties": { "text": { "type": "string" }, "format": { "enum": ["ansi", "plain", null] },
                          "position": { "$ref": "#/$defs/previewPosition" }, "size": { "$ref": "#/$defs/previewSize" },
                          "wrap": { "type": "boolean" }, "offset": { "type": ["string", "integer"] } } },
        { "type": "object", "additionalProperties": false, "required": ["command"],
          "properties": { "command": { "type": "array", "minItems": 1, "items": { "type": "string" } },
                          "format": { "enum": ["ansi", "plain", null] },
                          "position": { "$ref": "#/$defs/previewPosition" }, "size": { "$ref": "#/$defs/previewSize" },
                          "wrap": { "type": "boolean" }, "offset": { "type": ["string", "integer"] } } }
      ]
    },
    "source": {
      "type": "object",
      "additionalProperties": false,
      "oneOf": [ { "required": ["command"] }, { "required": ["file"] }, { "required": ["handler"] } ],
      "properties": {
        "command": { "type": "array", "minItems": 1, "items": { "type": "string" } },
        "file": { "type": "string", "minLength": 1 },
        "handler": { "type": "string", "minLength": 1, "description": "A source registered from Swift (SegueKit)." },
        "format": { "enum": ["json", "jsonl", "lines", null] },
        "pageSize": { "type": ["integer", "null"], "minimum": 1 },
        "prefetch": { "type": ["integer", "null"], "minimum": 0 },
        "timeout": { "type": ["number", "null"], "exclusiveMinimum": 0 },
        "every": { "type": ["number", "null"], "minimum": 0.5 },
        "ansi": { "type": ["boolean", "null"], "description": "Its rows draw the SGR colours in their titles; matched without them." },
        "search": { "enum": ["command", "rows", null] },
        "delimiter": {
          "description": "How a lines source's lines split into item.fields: a text, or {\"pattern\": a regular expression}; runs of blanks by default.",
          "oneOf": [ { "type": ["string", "null"], "minLength": 1 },
                     { "type": "object", "additionalProperties": false, "required": ["pattern"],
                       "properties": { "pattern": { "type": "string", "minLength": 1 } } } ]
        }
      }
    },
    "cells": {
      "type": ["object", "null"],
      "description": "Cell types by name: a base style and the attributes its rows get.",
      "additionalProperties": { "type": "object", "properties": { "base": { "type": "string" } } }
    },
    "keys": {
      "type": ["object", "null"],
      "description": "Keys bound their own way on this screen: key name → command name, or null to unbind.",
      "additionalProperties": {
        "enum": ["moveUp", "moveDown", "pageUp", "pageDown", "top", "bottom", "activate", "back", "previous", "flip",
                 "cancel", "quit", "interrupt", "refresh", "suspend", "find", "help", "confirm", "actionMenu",
                 "togglePreview", "previewUp", "previewDown", "previewPageUp", "previewPageDown", "sortByNextColumn",
                 "reverseSort", null]
      }
    }
  }
}
"""#
}

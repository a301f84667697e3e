/// The JSON Schema of specs (`segue schema`, docs/segue.schema.json), made from the declarations:
/// the keys of a place whose properties stand in one object come from `declarations` (and, for
/// rows, from the kinds' `keys`), each with its `doc` as its description; the rest of the document
/// (the shapes values take, places with several forms) is written here once.
extension SpecSchema {
    /// Where the properties of each place made from the declarations stand in the document.
    static let homes: [(place: Place, path: [String])] = [
        (.spec, ["$defs", "spec"]), (.section, ["$defs", "section"]), (.generator, ["$defs", "generator"]),
        (.row, ["$defs", "row"]), (.extraAction, ["$defs", "extraAction"]), (.source, ["$defs", "source"]),
        (.action, ["$defs", "action", "oneOf", "2"]),
    ]

    /// The document, its keys in order, with the keys `rowKinds` read among a row's.
    package static func document(rowKinds: [any RowKindSpec]) -> String {
        // The skeleton is this file's own text: a parse failure is a bug caught by every test run.
        guard var document = try? JSONParser.parse(Array(skeleton.utf8)) else { return skeleton }
        for (place, path) in homes {
            var keys = declarations.filter { $0.place == place }
            if place == .row {
                let declared = Set(keys.map(\.name))
                keys += rowKinds.flatMap(\.keys).filter { !declared.contains($0.name) }
            }
            var properties: [String: JSONValue] = [:]
            for key in keys {
                let previous = properties[key.name]
                var property = previous ?? key.schema.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? defaultSchema(key.type)
                // A key more than one kind reads (a slider's `min`, an input row's) says what it
                // is for each.
                let description = [previous?.member("description")?.stringValue, key.doc].compactMap { $0 }.uniqued()
                property = property.setting("description", to: .string(description.joined(separator: " ")))
                properties[key.name] = property
            }
            document = document.setting(path + ["properties"], to: .object(properties))
        }
        return document.prettyPrinted()
    }

    /// What a key of `type` takes when its declaration says no more (`null` means absent).
    private static func defaultSchema(_ type: ValueType) -> JSONValue {
        type == .mixed ? .object([:]) : .object(["type": .array([.string(type.rawValue), .string("null")])])
    }

    private static let skeleton = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://segue.invalid/segue.schema.json",
  "title": "Segue spec",
  "description": "A screen of the Segue terminal list browser: sections of rows with titles, details, segues and actions. Strings are templates ({{name}}). See docs/spec-format.md.",
  "oneOf": [
    {
      "$ref": "#/$defs/spec"
    },
    {
      "type": "array",
      "description": "The seed format: a bare array of sections.",
      "items": {
        "$ref": "#/$defs/section"
      }
    }
  ],
  "$defs": {
    "template": {
      "type": "string",
      "description": "Text; {{path.to.value}} is filled from the data context."
    },
    "optionalString": {
      "type": [
        "string",
        "null"
      ]
    },
    "spec": {
      "type": "object",
      "additionalProperties": false,
      "properties": {}
    },
    "section": {
      "type": "object",
      "additionalProperties": false,
      "properties": {},
      "not": {
        "required": [
          "forEach",
          "source"
        ]
      }
    },
    "column": {
      "oneOf": [
        {
          "type": "string",
          "description": "A column named by an attribute, showing it: \"pid\" is {\"title\": \"pid\", \"value\": \"{{pid}}\"}."
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "title"
          ],
          "properties": {
            "title": {
              "type": "string",
              "description": "The column's name in the header line."
            },
            "value": {
              "type": "string",
              "description": "What each row shows in the column: a template (by default {{TITLE}})."
            },
            "align": {
              "enum": [
                "left",
                "right",
                "center",
                "centre",
                null
              ]
            },
            "min": {
              "type": [
                "integer",
                "null"
              ],
              "minimum": 1,
              "description": "The fewest columns it keeps before columns hide."
            },
            "max": {
              "type": [
                "integer",
                "null"
              ],
              "minimum": 1,
              "description": "The most columns it takes."
            },
            "shrink": {
              "type": [
                "integer",
                "null"
              ],
              "minimum": 0,
              "description": "Higher gives up room first; 0 never shrinks."
            },
            "hide": {
              "type": [
                "integer",
                "null"
              ],
              "minimum": 0,
              "description": "When the minimums do not fit, the highest hides first; absent never hides."
            },
            "search": {
              "type": [
                "boolean",
                "null"
              ],
              "description": "Whether the find line reads this column (true)."
            },
            "sortAs": {
              "enum": [
                "auto",
                "text",
                "number",
                null
              ]
            }
          }
        }
      ]
    },
    "rowOrGenerator": {
      "if": {
        "type": "object",
        "required": [
          "forEach"
        ]
      },
      "then": {
        "$ref": "#/$defs/generator"
      },
      "else": {
        "$ref": "#/$defs/row"
      }
    },
    "generator": {
      "type": "object",
      "properties": {},
      "required": [
        "forEach"
      ]
    },
    "row": {
      "type": "object",
      "description": "Unknown keys are the row's attributes, for templates and cell types.",
      "properties": {}
    },
    "condition": {
      "oneOf": [
        {
          "type": [
            "boolean",
            "null"
          ]
        },
        {
          "type": "string",
          "pattern": "\\{\\{",
          "description": "A template; false, 0, \"\", \"false\", \"0\", null and missing are false."
        }
      ]
    },
    "inputKind": {
      "enum": [
        "text",
        "number",
        "password",
        "list",
        null
      ],
      "description": "What an input row or a prompt takes."
    },
    "segue": {
      "oneOf": [
        {
          "type": "string",
          "minLength": 1
        },
        {
          "type": "null"
        },
        {
          "type": "object",
          "required": [
            "spec"
          ],
          "properties": {
            "spec": {
              "type": "string",
              "minLength": 1
            },
            "data": {}
          }
        },
        {
          "type": "object",
          "required": [
            "command"
          ],
          "description": "A screen made by a program: what the command prints is the spec.",
          "properties": {
            "command": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "string"
              }
            },
            "data": {}
          }
        }
      ]
    },
    "action": {
      "oneOf": [
        {
          "type": "null"
        },
        {
          "type": "string",
          "description": "back, root, reload, emit, quit, save, discard, or a registered handler's name."
        },
        {
          "type": "object",
          "required": [
            "type"
          ],
          "properties": {},
          "if": {
            "properties": {
              "type": {
                "const": "prompt"
              }
            }
          },
          "then": {
            "required": [
              "question",
              "then"
            ],
            "properties": {
              "then": {
                "$ref": "#/$defs/action"
              }
            }
          },
          "else": {
            "properties": {
              "then": {
                "oneOf": [
                  {
                    "$ref": "#/$defs/action"
                  },
                  {
                    "type": "array",
                    "items": {
                      "$ref": "#/$defs/action"
                    }
                  }
                ]
              }
            }
          }
        }
      ]
    },
    "extraAction": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "title",
        "action"
      ],
      "properties": {}
    },
    "previewPosition": {
      "enum": [
        "right",
        "bottom",
        "auto",
        null
      ]
    },
    "previewSize": {
      "oneOf": [
        {
          "type": "integer",
          "minimum": 1
        },
        {
          "type": "string",
          "pattern": "^([1-9][0-9]?%|[1-9][0-9]*)$"
        }
      ]
    },
    "preview": {
      "oneOf": [
        {
          "type": [
            "string",
            "null"
          ]
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "text"
          ],
          "properties": {
            "text": {
              "type": "string"
            },
            "format": {
              "enum": [
                "ansi",
                "plain",
                null
              ]
            },
            "position": {
              "$ref": "#/$defs/previewPosition"
            },
            "size": {
              "$ref": "#/$defs/previewSize"
            },
            "wrap": {
              "type": "boolean"
            },
            "offset": {
              "type": [
                "string",
                "integer"
              ]
            }
          }
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "command"
          ],
          "properties": {
            "command": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "string"
              }
            },
            "format": {
              "enum": [
                "ansi",
                "plain",
                null
              ]
            },
            "position": {
              "$ref": "#/$defs/previewPosition"
            },
            "size": {
              "$ref": "#/$defs/previewSize"
            },
            "wrap": {
              "type": "boolean"
            },
            "offset": {
              "type": [
                "string",
                "integer"
              ]
            }
          }
        }
      ]
    },
    "source": {
      "type": "object",
      "additionalProperties": false,
      "oneOf": [
        {
          "required": [
            "command"
          ]
        },
        {
          "required": [
            "file"
          ]
        },
        {
          "required": [
            "handler"
          ]
        }
      ],
      "properties": {}
    },
    "cells": {
      "type": [
        "object",
        "null"
      ],
      "description": "Cell types by name: a base style and the attributes its rows get.",
      "additionalProperties": {
        "type": "object",
        "properties": {
          "base": {
            "type": "string"
          }
        }
      }
    },
    "keys": {
      "type": [
        "object",
        "null"
      ],
      "description": "Keys bound their own way on this screen: key name → command name, or null to unbind.",
      "additionalProperties": {
        "enum": [
          "moveUp",
          "moveDown",
          "pageUp",
          "pageDown",
          "top",
          "bottom",
          "activate",
          "back",
          "previous",
          "flip",
          "cancel",
          "quit",
          "interrupt",
          "refresh",
          "suspend",
          "find",
          "help",
          "confirm",
          "actionMenu",
          "togglePreview",
          "previewUp",
          "previewDown",
          "previewPageUp",
          "previewPageDown",
          "sortByNextColumn",
          "reverseSort",
          null
        ]
      }
    }
  }
}
"""##
}

private extension JSONValue {
    /// This object with `key` set to `value`.
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }

    /// This value with the value at `path` (member names, or positions in arrays) set to `value`.
    func setting(_ path: [String], to value: JSONValue) -> JSONValue {
        guard let first = path.first else { return value }
        switch self {
        case .object(var members):
            members[first] = (members[first] ?? .object([:])).setting(Array(path.dropFirst()), to: value)
            return .object(members)
        case .array(var items):
            guard let index = Int(first), items.indices.contains(index) else { return self }
            items[index] = items[index].setting(Array(path.dropFirst()), to: value)
            return .array(items)
        default:
            return self
        }
    }
}

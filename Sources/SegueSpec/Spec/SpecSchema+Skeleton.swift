/// The JSON Schema of specs as written once (`SpecSchema.document` fills it in): the shapes values
/// take (`template`, `condition`, `inputKind`…) and the forms of the places that have several
/// (a segue by `spec` or by `command`), with an empty `properties` wherever a place's keys go: those
/// are made from the declarations.
extension SpecSchema {
    static let skeleton = ##"""
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
    "formField": {
      "type": "object",
      "description": "A question of a form: its answer is the setting of its name, which later fields' conditions see.",
      "required": ["name", "type"],
      "additionalProperties": false,
      "properties": {
        "name": {"type": "string", "minLength": 1, "description": "The answer's key, and the setting conditions see it as (settings.NAME)."},
        "type": {"enum": ["input", "choose", "confirm", "password"], "description": "A line of text, one of the options, yes or no, or text drawn as dots."},
        "title": {"type": ["string", "null"], "description": "What is asked; the name when absent."},
        "options": {"type": ["array", "null"], "items": {"type": "string"}, "minItems": 1, "description": "A choose field's options, in order."},
        "default": {"description": "The answer before the user gives one: text, one of the options, true or false."},
        "placeholder": {"type": ["string", "null"], "description": "An input's dim text while it is empty."},
        "pattern": {"type": ["string", "null"], "description": "A regular expression an input's whole text must match."},
        "invalid": {"type": ["string", "null"], "minLength": 1, "description": "What the user reads when the pattern refuses the text."},
        "when": {"type": ["string", "null"], "description": "A condition, one template ({{settings.publish}}): the field is asked only while it holds."}
      }
    },
    "template": {
      "type": "string",
      "description": "Text; {{path.to.value}} is filled from the data context."
    },
    "optionalString": {
      "type": ["string", "null"]
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
              "type": ["integer", "null"],
              "minimum": 1,
              "description": "The fewest columns it keeps before columns hide."
            },
            "max": {
              "type": ["integer", "null"],
              "minimum": 1,
              "description": "The most columns it takes."
            },
            "shrink": {
              "type": ["integer", "null"],
              "minimum": 0,
              "description": "Higher gives up room first; 0 never shrinks."
            },
            "hide": {
              "type": ["integer", "null"],
              "minimum": 0,
              "description": "When the minimums do not fit, the highest hides first; absent never hides."
            },
            "search": {
              "type": ["boolean", "null"],
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
          "type": ["boolean", "null"]
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
        "json",
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
          "properties": {}
        },
        {
          "type": "object",
          "required": [
            "command"
          ],
          "description": "A screen made by a program: what the command prints is the spec.",
          "properties": {}
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
          "description": "back, root, reload, emit, quit, save, discard, help, or a registered handler's name."
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
            ]
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
        "left",
        "bottom",
        "top",
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
          "type": ["string", "null"]
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "text"
          ],
          "properties": {}
        },
        {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "command"
          ],
          "properties": {}
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
      "type": ["object", "null"],
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
      "type": ["object", "null"],
      "description": "Keys bound their own way on this screen: key name → command name, fzf's actions as --bind writes them after the colon (reload(ls)+change-prompt(x> ); also on fzf's events: change, load…), or null to unbind.",
      "additionalProperties": {
        "anyOf": [
          {
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
              "nextField",
              null
            ]
          },
          {
            "type": "string",
            "description": "fzf's actions, as --bind writes them after the colon."
          }
        ]
      }
    }
  }
}
"""##
}

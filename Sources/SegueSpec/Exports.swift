// The layers below the spec language are part of its surface: whoever imports SegueSpec sees
// JSON values and text measurement without importing them by name.
@_exported import SegueJSON
@_exported import SegueText

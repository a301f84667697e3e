// The layers below the core are part of its surface: whoever imports SegueCore sees JSON values,
// text measurement and the matcher without importing them by name.
@_exported import SegueSpec
@_exported import SegueJSON
@_exported import SegueText
@_exported import SegueMatch

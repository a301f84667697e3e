// segue-example: programs built on SegueKit.
//
//     swift run segue-example           # screens composed in Swift (Showcase.swift)
//     swift run segue-example deploy    # a tool's questions, one at a time, under the prompt (DeployQuestions.swift)
//     swift run segue-example release   # a tool that prints, asks in a few lines, and goes on (ReleaseTool.swift)
//     swift run segue-example bump      # typed questions, each leaving a line in the scrollback (BumpQuestions.swift)
//     swift run segue-example form      # several questions on one band, some asked on a condition (FormQuestions.swift)
import SegueKit

switch CommandLine.arguments.dropFirst().first {
case "deploy": await askDeployQuestions(thenInterrupt: CommandLine.arguments.contains("--then-interrupt"))
case "release": await release()
case "bump": await askBumpQuestions(recording: !CommandLine.arguments.contains("--no-record"),
                                     logging: CommandLine.arguments.contains("--log"))
case "form": await askFormQuestions()
default: await showcase()
}

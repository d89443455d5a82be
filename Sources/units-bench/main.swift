// units-bench: generates journals from a seed and times the tools on them.
// Run it in release: `swift run -c release units-bench` (see
// docs/performance.md). Every piece of work runs in a child process so that each
// run's peak memory is its own (wait4's ru_maxrss).
import UnitsKit

let arguments = Array(CommandLine.arguments.dropFirst())
// The processes units-bench starts of itself.
let children: [String: ([String]) -> Int32] = ["--spawner": { _ in Spawner.serve() }, "--child-parse": ParseChild.run,
                                               "--child-serve": ServeTap.child, "--child-lsp": LSPBench.child]
if let first = arguments.first, let child = children[first] {
    SystemProcess.exit(child(Array(arguments.dropFirst())))
}
if arguments.first == "--import-inputs" {
    // --import-inputs DIR: only write the 100k-line import inputs (to profile).
    guard arguments.count == 2 else { FileHandleErr.write("units-bench: --import-inputs needs a directory\n"); SystemProcess.exit(2) }
    SystemProcess.exit(ImportInputs.write(directory: arguments[1]))
}
if arguments.first == "--corpus" {
    // --corpus DIR [COUNT [SEED]]: the differential run's journals.
    let rest = Array(arguments.dropFirst())
    guard let directory = rest.first else { FileHandleErr.write("units-bench: --corpus needs a directory\n"); SystemProcess.exit(2) }
    let count = rest.count > 1 ? Int(rest[1]) : 600, seed = rest.count > 2 ? UInt64(rest[2]) : 1
    guard let count, count >= 0, let seed else { FileHandleErr.write("units-bench: --corpus DIR [COUNT [SEED]]: expected whole numbers\n"); SystemProcess.exit(2) }
    SystemProcess.exit(Corpus.write(directory: directory, count: count, seed: seed))
}
let options: BenchOptions
do {
    options = try BenchOptions(arguments)
} catch {
    FileHandleErr.write("units-bench: \(error.message)\n\(BenchOptions.help)\n")
    SystemProcess.exit(2)
}
if options.help {
    print(BenchOptions.help)
    SystemProcess.exit(0)
}
if let (entries, path) = options.writeOnly {
    let generator = Benchmark.generator(options, entries: entries, perDay: options.perDay)
    SystemProcess.exit(Benchmark.writeFile(generator.generate().bytes, to: path) ? 0 : 1)
}
Benchmark(options: options).run()

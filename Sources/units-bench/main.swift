// units-bench: generates journals from a seed and times the tools on them.
// Run it in release: `swift run -c release units-bench` (see README,
// "Performance"). Every piece of work runs in a child process so that each
// run's peak memory is its own (wait4's ru_maxrss).
#if canImport(Glibc)
import Glibc
#endif
import UnitsKit

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--spawner" {
    exit(Spawner.serve())
}
if arguments.first == "--child-parse" {
    exit(ParseChild.run(Array(arguments.dropFirst())))
}
let options: BenchOptions
do {
    options = try BenchOptions(arguments)
} catch {
    FileHandleErr.write("units-bench: \(error.message)\n\(BenchOptions.help)\n")
    exit(2)
}
if options.help {
    print(BenchOptions.help)
    exit(0)
}
if let (entries, path) = options.writeOnly {
    let generator = Benchmark.generator(options, entries: entries, perDay: 50)
    exit(Benchmark.writeFile(generator.generate().bytes, to: path) ? 0 : 1)
}
Benchmark(options: options).run()

import FuzzSupport

runFuzzer { data, size in fuzzCommands(data, size) }

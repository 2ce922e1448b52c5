// The executable is this line; everything else lives in SQLiveTerminal, where tests reach it.
import SQLiveTerminal

SQLiveEntrypoint.main()

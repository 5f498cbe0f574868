import StateDB

print("statedb: inspect and edit statedb store files (commands coming).")

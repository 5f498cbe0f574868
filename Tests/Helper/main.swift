import StateDB

"""Pure rules of BANG!: state, actions, engine, views and replay; standard library only."""

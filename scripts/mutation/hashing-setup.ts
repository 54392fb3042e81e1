/** The mutation run's test setup: the contract hashes with node:crypto, as in every Node host. */
import "../../durable/node-hashing.js";

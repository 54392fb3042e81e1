/** Every test file runs in Node: the contract hashes with node:crypto, as every Node host does (durable/node-hashing.ts). */
import "../../durable/node-hashing.js";

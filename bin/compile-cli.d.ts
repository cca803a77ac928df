export declare const root: string;
export declare const compiledCli: string;
export declare function compileCli(): Promise<void>;

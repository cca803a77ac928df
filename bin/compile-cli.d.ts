export declare const root: string;
export declare const compiledCli: string;
export declare const libFolder: string;
export declare function compileCli(outfile?: string): Promise<void>;
export declare function compilePackage(): Promise<void>;
